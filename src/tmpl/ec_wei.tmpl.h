/*
 * Short Weierstrass curves y^2 = x^3 + a x + b over one field kernel, one file per coordinate
 * system. The kind of a (general, 0, -3: GN_EC_A_*) is a compile-time argument of each formula
 * that depends on it, and ec_inst.h emits one operation table per kind; gn_ec_init picks the
 * curve's tables once (ec->ops), so no formula tests a at run time.
 * Included by src/inst/ec_inst.h after ec_common.tmpl.h.
 */

#include "tmpl/ec_wei_affine.tmpl.h"
#include "tmpl/ec_wei_proj.tmpl.h"
#include "tmpl/ec_wei_jac.tmpl.h"
#include "tmpl/ec_wei_coz.tmpl.h"
#include "tmpl/ec_wei_xz.tmpl.h"
