/* The formulas of src/tmpl/ec2m.tmpl.h over the curve's own field (prefix ec2m_): for ld.c and ladder.c. */
#ifndef GN_EC2M_FORMULAS_H
#define GN_EC2M_FORMULAS_H

#include "ec2m_internal.h"

#define KT gn_ec2m_ctx_t
#define K(op) ec2m_k_##op
#define P(name) ec2m_##name
#include "tmpl/ec2m.tmpl.h"
#undef KT
#undef K
#undef P

#endif
