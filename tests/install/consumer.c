/* A program using the installed library: 2^-1 in F_p for p = 2^255 - 19. */
#include <stdio.h>
#include <string.h>

#include <genus/genus.h>

int main(void)
{
    gn_fp_ctx_t ctx;
    gn_fp_t two, inv;
    uint8_t out[32];
    if (gn_fp_init_hex(&ctx, "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed") != GN_OK)
        return 1;
    gn_fp_set_u64(&ctx, &two, 2);
    if (gn_fp_inv(&ctx, &inv, &two) != GN_OK)
        return 1;
    gn_fp_encode(&ctx, out, &inv);
    for (int i = 0; i < 32; i++)
        printf("%02x", out[i]);
    printf(" %s %s\n", gn_fp_kernel_name(&ctx), gn_version());
    /* (p + 1) / 2 */
    return memcmp(out, "\x3f\xff\xff", 3) != 0 || out[31] != 0xf7;
}
