/**
 * @file genus.h
 * @brief Umbrella header of the genus library.
 *
 * Conventions (see also common.h):
 * - names: gn_<module>_<verb>[_<variant>], types gn_<thing>_t, macros GN_...;
 * - argument order: context, outputs, in/out, inputs; a length follows its array;
 * - outputs may alias inputs unless documented otherwise;
 * - fallible functions return gn_err (GN_OK = 0); arithmetic returns void;
 * - constant time by default; `_var` functions are for public data only;
 * - no heap allocation and no global mutable state: contexts are caller-owned
 *   and immutable after set-up, hence thread-safe.
 */
#ifndef GENUS_GENUS_H
#define GENUS_GENUS_H

#include "genus/common.h"
#include "genus/mp.h"
#include "genus/fp.h"
#include "genus/fpx.h"
#include "genus/rns.h"
#include "genus/f2m.h"
#include "genus/ec2m.h"
#include "genus/ec.h"
#include "genus/ops.h"
#include "genus/hash.h"
#include "genus/hmac.h"
#include "genus/kdf.h"
#include "genus/drbg.h"
#include "genus/ecdh.h"
#include "genus/mqv.h"
#include "genus/elgamal.h"
#include "genus/xdh.h"
#include "genus/kummer.h"
#include "genus/g2.h"

#endif
