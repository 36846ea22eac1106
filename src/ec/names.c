/* Names of models, coordinate systems and methods, and which combinations run where. */
#include <string.h>

#include "ec/ec_internal.h"

static const char *const model_names[] = {NULL, "weierstrass", "edwards", "montgomery", "jacobi-quartic"};
static const char *const coords_names[] = {"default", "affine", "projective", "jacobian", "coz", "extended", "xz"};
static const char *const method_names[] = {"default", "l2r", "r2l", "window", "sliding", "wnaf",
                                           "ladder", "coz-ladder", "comb", "window-var"};

const char *gn_ec_model_name(gn_ec_model m)
{
    return (m >= 1 && m <= 4) ? model_names[m] : "unknown";
}

const char *gn_ec_coords_name(gn_ec_coords c)
{
    return ((unsigned)c < GN_EC_COORDS_COUNT) ? coords_names[c] : "unknown";
}

const char *gn_ec_method_name(gn_ec_method m)
{
    return ((unsigned)m < GN_EC_METHOD_COUNT) ? method_names[m] : "unknown";
}

static int index_of(const char *const *names, int count, const char *s, int first)
{
    for (int i = first; i < count; i++)
        if (names[i] && strcmp(names[i], s) == 0)
            return i;
    return -1;
}

int gn_ec_model_from_name(const char *s)
{
    return index_of(model_names, 5, s, 1);
}

int gn_ec_coords_from_name(const char *s)
{
    return index_of(coords_names, GN_EC_COORDS_COUNT, s, 0);
}

int gn_ec_method_from_name(const char *s)
{
    return index_of(method_names, GN_EC_METHOD_COUNT, s, 0);
}

/* ------------------------------------------------------------ what runs in which model */

int gn_ec_supports(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_method method)
{
    if ((unsigned)coords >= GN_EC_COORDS_COUNT || (unsigned)method >= GN_EC_METHOD_COUNT)
        return 0;
    if (method == GN_EC_METHOD_DEFAULT)
        method = gn_ec_default_method(ec);
    coords = gn_ec_resolve_coords(ec, coords, method);
    if (coords == GN_EC_XZ) /* x-only: the ladder alone (Montgomery; Brier-Joye for Weierstrass) */
        return method == GN_EC_LADDER && (ec->model == GN_EC_MONTGOMERY || ec->model == GN_EC_WEIERSTRASS);
    if (coords == GN_EC_COZ || method == GN_EC_COZ_LADDER)
        return coords == GN_EC_COZ && method == GN_EC_COZ_LADDER && ec->model == GN_EC_WEIERSTRASS;
    return gn_ec_ops(ec, coords) != NULL;
}

gn_ec_coords gn_ec_default_coords(const gn_ec_ctx_t *ec)
{
    switch (ec->model) {
    case GN_EC_WEIERSTRASS: return ec->complete ? GN_EC_PROJECTIVE : GN_EC_JACOBIAN;
    case GN_EC_MONTGOMERY: return GN_EC_XZ;
    default: return GN_EC_EXTENDED;
    }
}

gn_ec_method gn_ec_default_method(const gn_ec_ctx_t *ec)
{
    return ec->model == GN_EC_MONTGOMERY ? GN_EC_LADDER : GN_EC_WINDOW;
}
