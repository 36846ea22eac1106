/* genus for GP: errors and the conversions of integers (docs/GP.md). */
#include "gp/gp_internal.h"

void gng_fail(const char *fn, const char *what)
{
    pari_err(e_MISC, "genus: %s: %s", fn, what);
}

void gng_fail_err(const char *fn, gn_err e)
{
    gng_fail(fn, gn_strerror(e));
}


/* x >= 0, a t_INT below 2^(64 n): its limbs, zero-padded to n */
void gng_int_to_limbs(const char *fn, GEN x, gn_limb_t *r, size_t n, const char *what)
{
    if (typ(x) != t_INT)
        pari_err(e_MISC, "genus: %s: %s must be an integer (t_INT), not %s", fn, what, type_name(typ(x)));
    if (signe(x) < 0)
        pari_err(e_MISC, "genus: %s: %s must not be negative", fn, what);
    size_t len = (size_t)lgefint(x) - 2;
    if (len > n)
        pari_err(e_MISC, "genus: %s: %s is too large (more than %lu bits)", fn, what, (unsigned long)(64 * n));
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < len; i++)
        r[i] = (gn_limb_t) * int_W(x, (long)i);
}

GEN gng_limbs_to_int(const gn_limb_t *a, size_t n)
{
    GEN z = cgeti((long)n + 2);
    z[1] = evalsigne(1) | evallgefint((long)n + 2);
    for (size_t i = 0; i < n; i++)
        *int_W(z, (long)i) = (long)a[i];
    return int_normalize(z, 0);
}

/* |k| as big-endian bytes (at most cap); returns the length, *neg the sign */
size_t gng_scalar_bytes(const char *fn, GEN k, uint8_t *out, size_t cap, int *neg)
{
    gn_limb_t l[GN_EC_MAX_SCALAR_BYTES / 8];
    if (typ(k) != t_INT)
        pari_err(e_MISC, "genus: %s: the scalar must be an integer (t_INT), not %s", fn, type_name(typ(k)));
    *neg = signe(k) < 0;
    pari_sp av = avma;
    gng_int_to_limbs(fn, absi_shallow(k), l, cap / 8, "the scalar");
    set_avma(av);
    /* the scalar's own length (its size is public here, as in ellmul) */
    size_t len = (gn_mp_bits_var(l, cap / 8) + 7) / 8;
    if (!len)
        len = 1;
    if (gn_mp_to_bytes_be(out, len, l, cap / 8) != GN_OK)
        gng_fail(fn, "the scalar does not fit");
    return len;
}

/* 0 <= d < 2^(8 len) as exactly len big-endian bytes: a private key passes at the order's length,
 * so its own length does not reach the library (whose time may depend on the scalar's length) */
void gng_key_bytes(const char *fn, GEN d, uint8_t *out, size_t len)
{
    gn_limb_t l[GN_EC_MAX_SCALAR_BYTES / 8];
    gng_int_to_limbs(fn, d, l, GN_EC_MAX_SCALAR_BYTES / 8, "the private key");
    if (gn_mp_to_bytes_be(out, len, l, GN_EC_MAX_SCALAR_BYTES / 8) != GN_OK)
        gng_fail(fn, "the private key is longer than the order");
}

/* a t_INT below 2^(8 len) as len little-endian bytes (RFC 7748's strings) */
void gng_int_to_le(const char *fn, GEN x, uint8_t *out, size_t len, const char *what)
{
    gn_limb_t l[8];
    gng_int_to_limbs(fn, x, l, 8, what);
    if (len < 64 && gn_mp_bits_var(l, 8) > 8 * len)
        pari_err(e_MISC, "genus: %s: %s is too large (more than %lu bits)", fn, what, (unsigned long)(8 * len));
    if (gn_mp_to_bytes_le(out, len, l, 8) != GN_OK)
        gng_fail(fn, "internal: a byte string does not fit");
}

void gng_hex(const char *fn, char *out, size_t size, const gn_limb_t *a, size_t n)
{
    if (gn_mp_to_hex(out, size, a, n, 0) != GN_OK)
        gng_fail(fn, "internal: a parameter does not convert");
}

GEN gng_le_to_int(const uint8_t *in, size_t len)
{
    gn_limb_t l[8];
    if (gn_mp_from_bytes_le(l, 8, in, len) != GN_OK)
        return gen_0;
    return gng_limbs_to_int(l, 8);
}
