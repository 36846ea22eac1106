/* Strict DER reader (X.690 10.1: definite lengths in the minimum number of octets). */
#include "proto/der.h"

int gn_der_read(gn_der_t *in, unsigned tag, gn_der_t *val)
{
    if (!in || !val || in->len < 2 || in->p[0] != tag || (tag & 0x1f) == 0x1f)
        return -1;
    size_t len = in->p[1], hdr = 2;
    if (len & 0x80) {
        const size_t nbytes = len & 0x7f;
        /* 0x80 is the indefinite form (BER only); more than 4 length octets is beyond any input here */
        if (nbytes == 0 || nbytes > 4 || in->len - 2 < nbytes || in->p[2] == 0)
            return -1;
        len = 0;
        for (size_t i = 0; i < nbytes; i++)
            len = len << 8 | in->p[2 + i];
        if (len < 0x80) /* X.690 10.1: the short form where it fits */
            return -1;
        hdr += nbytes;
    }
    if (in->len - hdr < len)
        return -1;
    val->p = in->p + hdr;
    val->len = len;
    in->p += hdr + len;
    in->len -= hdr + len;
    return 0;
}

int gn_der_read_bits(gn_der_t *in, gn_der_t *bits)
{
    /* read from a copy and move *in only on success: a refused BIT STRING (empty, or with unused
     * bits) used to leave *in past it, unlike gn_der_read, whose callers may look again at *in
     * after a refusal (found by tests/fuzz; regress_bits_*.der) */
    gn_der_t rest = *in, v;
    if (gn_der_read(&rest, GN_DER_BIT_STRING, &v) != 0 || v.len < 1 || v.p[0] != 0)
        return -1;
    *in = rest;
    bits->p = v.p + 1;
    bits->len = v.len - 1;
    return 0;
}
