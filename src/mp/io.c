/* Naturals: conversion from/to big- and little-endian bytes and hexadecimal text. */
#include <string.h>

#include "genus/mp.h"

#include "util/ct.h"

#define LIMB_BYTES (GN_LIMB_BITS / 8)

/* Byte i (little-endian position) of the natural a of n limbs; 0 beyond it. */
static uint8_t byte_at(const gn_limb_t *a, size_t n, size_t i)
{
    size_t l = i / LIMB_BYTES;
    return l < n ? (uint8_t)(a[l] >> (8 * (i % LIMB_BYTES))) : 0;
}

/* Shared by both byte orders: in_byte(k) is the k-th least significant input byte. */
static gn_err from_bytes(gn_limb_t *r, size_t n, const uint8_t *in, size_t len, int big_endian)
{
    gn_limb_t overflow = 0;
    /* limb by limb (the lengths are public), so a whole limb's bytes are one load for the
     * compiler */
    for (size_t l = 0; l < n; l++) {
        gn_limb_t w = 0;
        for (size_t j = 0; j < LIMB_BYTES; j++) {
            size_t k = l * LIMB_BYTES + j;
            if (k < len)
                w |= (gn_limb_t)(big_endian ? in[len - 1 - k] : in[k]) << (8 * j);
        }
        r[l] = w;
    }
    for (size_t k = n * LIMB_BYTES; k < len; k++)
        overflow |= big_endian ? in[len - 1 - k] : in[k];
    return ct_is_zero(overflow) ? GN_OK : GN_ERR_RANGE;
}

static gn_err to_bytes(uint8_t *out, size_t len, const gn_limb_t *a, size_t n, int big_endian)
{
    gn_limb_t overflow = 0;
    for (size_t k = len; k < n * LIMB_BYTES; k++)
        overflow |= byte_at(a, n, k);
    for (size_t k = 0; k < len; k++) {
        uint8_t b = byte_at(a, n, k);
        if (big_endian)
            out[len - 1 - k] = b;
        else
            out[k] = b;
    }
    return ct_is_zero(overflow) ? GN_OK : GN_ERR_RANGE;
}

gn_err gn_mp_from_bytes_be(gn_limb_t *r, size_t n, const uint8_t *in, size_t len)
{
    return from_bytes(r, n, in, len, 1);
}

gn_err gn_mp_from_bytes_le(gn_limb_t *r, size_t n, const uint8_t *in, size_t len)
{
    return from_bytes(r, n, in, len, 0);
}

gn_err gn_mp_to_bytes_be(uint8_t *out, size_t len, const gn_limb_t *a, size_t n)
{
    return to_bytes(out, len, a, n, 1);
}

gn_err gn_mp_to_bytes_le(uint8_t *out, size_t len, const gn_limb_t *a, size_t n)
{
    return to_bytes(out, len, a, n, 0);
}

/* Value of a hexadecimal digit, or 0 with *bad set to all-ones; branch-free. */
static gn_limb_t hex_value(unsigned char c, gn_limb_t *bad)
{
    gn_limb_t x = c;
    gn_limb_t is_dig = ~ct_lt(x, '0') & ct_lt(x, '9' + 1);
    gn_limb_t is_low = ~ct_lt(x, 'a') & ct_lt(x, 'f' + 1);
    gn_limb_t is_up = ~ct_lt(x, 'A') & ct_lt(x, 'F' + 1);
    *bad |= ~(is_dig | is_low | is_up);
    return (is_dig & (x - '0')) | (is_low & (x - 'a' + 10)) | (is_up & (x - 'A' + 10));
}

gn_err gn_mp_from_hex(gn_limb_t *r, size_t n, const char *hex, size_t len)
{
    gn_limb_t bad = 0, overflow = 0;
    if (len >= 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) {
        hex += 2;
        len -= 2;
    }
    for (size_t i = 0; i < n; i++)
        r[i] = 0;
    if (len == 0)
        return GN_ERR_PARSE;
    for (size_t k = 0; k < len; k++) {
        gn_limb_t v = hex_value((unsigned char)hex[len - 1 - k], &bad);
        size_t l = k / (GN_LIMB_BITS / 4);
        if (l < n)
            r[l] |= v << (4 * (k % (GN_LIMB_BITS / 4)));
        else
            overflow |= v;
    }
    if (!ct_is_zero(bad)) {
        for (size_t i = 0; i < n; i++)
            r[i] = 0;
        return GN_ERR_PARSE;
    }
    return ct_is_zero(overflow) ? GN_OK : GN_ERR_RANGE;
}

gn_err gn_mp_to_hex(char *out, size_t out_size, const gn_limb_t *a, size_t n, size_t digits)
{
    static const char hexdig[] = "0123456789abcdef";
    size_t need = (gn_mp_bits_var(a, n) + 3) / 4;
    if (need < digits)
        need = digits;
    if (need == 0)
        need = 1;
    if (out_size < need + 1)
        return GN_ERR_BUFFER;
    for (size_t k = 0; k < need; k++) {
        size_t l = k / (GN_LIMB_BITS / 4);
        unsigned v = l < n ? (unsigned)(a[l] >> (4 * (k % (GN_LIMB_BITS / 4)))) & 15 : 0;
        out[need - 1 - k] = hexdig[v];
    }
    out[need] = '\0';
    return GN_OK;
}
