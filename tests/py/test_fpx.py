"""Extension fields F_p^2 and F_p^3 (src/fpx/) against PARI/GP's finite fields (ffgen).

For primes of several sizes and classes, every kernel, chosen and given non-residues:
add, sub, neg, mul, sqr, mul_small, inv, pow, Frobenius, norm, square roots and the
quadratic character. genus's outputs are checked by gp, which builds F_p[x]/(x^d - nr).
"""
import pytest

from conftest import ITERATIONS
from refs import NAMED_PRIMES, h, random_prime, random_prime_mod

KINDS = ("generic", "fixed", "mulx", "special")


def fields(rng):
    out = [103, 113, 10009, 2**61 - 1]
    out += [random_prime_mod(rng, 64, 1, 3), random_prime_mod(rng, 128, 1, 24),
            random_prime_mod(rng, 255, 5, 24), random_prime_mod(rng, 256, 1, 1 << 20)]
    out += [random_prime(rng, 192), random_prime(rng, 511), random_prime(rng, 1024)]
    out += [NAMED_PRIMES["p256"], NAMED_PRIMES["p25519"], NAMED_PRIMES["p1271"], NAMED_PRIMES["secp256k1"]]
    return out


def elem(rng, p, d):
    r = rng.random()
    if r < 0.1:
        return [0] * d
    if r < 0.2:
        return [rng.randrange(p)] + [0] * (d - 1)
    if r < 0.25:
        return [p - 1] * d
    return [rng.randrange(p) for _ in range(d)]


def enc(v):
    return ",".join(h(c) for c in v)


def gp_elem(v):
    return "(" + "+".join("%d*w^%d" % (c, k) for k, c in enumerate(v)) + ")"


def run_extension(calc, gp, rng, p, kind, d, nr):
    """genus computes; gp checks every result. Returns False when the kernel or degree does not apply."""
    init = calc.run(["fp init %s %s" % (kind, h(p)), "fpx init %d %s" % (d, nr if nr == "auto" else h(nr))])
    if init[0].startswith("err not_supported"):
        return False
    assert init[0].startswith("ok"), init
    if d == 3 and p % 3 != 1:
        assert init[1] == "err not_supported_for_this_modulus", init
        return False
    if nr != "auto" and init[1].startswith("err"):
        return init[1]
    assert init[1].startswith("ok "), init
    beta = int(init[1].split()[1], 16)
    lines = ["fp init %s %s" % (kind, h(p)), "fpx init %d %s" % (d, h(beta))]
    cases = []
    n = 12 * ITERATIONS
    for _ in range(n):
        a, b = elem(rng, p, d), elem(rng, p, d)
        e = rng.choice([0, 1, 2, p, p * p - 1, rng.getrandbits(rng.randint(1, 3 * p.bit_length()))])
        c = rng.choice([0, 1, 3, 2**31 + 5, rng.getrandbits(32)])
        for op, cmd in (("add", "add %s %s" % (enc(a), enc(b))), ("sub", "sub %s %s" % (enc(a), enc(b))),
                        ("neg", "neg %s" % enc(a)), ("mul", "mul %s %s" % (enc(a), enc(b))),
                        ("sqr", "sqr %s" % enc(a)), ("mul_small", "mul_small %s %d" % (enc(a), c)),
                        ("inv", "inv %s" % enc(a)), ("inv_var", "inv_var %s" % enc(a)),
                        ("pow", "pow %s %s" % (enc(a), h(e))), ("pow_var", "pow_var %s %s" % (enc(a), h(e))),
                        ("frobenius", "frobenius %s" % enc(a)), ("norm", "norm %s" % enc(a)),
                        ("sqrt", "sqrt %s" % enc(a)), ("legendre", "legendre %s" % enc(a))):
            lines.append("fpx " + cmd)
            cases.append((op, a, b, e, c))
    out = calc.run(lines)
    assert out[1] == "ok %s" % h(beta)
    # One gp script: the field, then one printed check (1 = pass) per case.
    script = ["p=%d; T=Mod(1,p)*(x^%d-%d); w=ffgen(T,'w); o=w^0; z=0*w;" % (p, d, beta),
              "V(u)=Vecrev((u+z).pol,%d);" % d,
              "L(u)=if(u==0,0,if(issquare(u),1,-1));"]
    for (op, a, b, e, c), got in zip(cases, out[2:]):
        A, B = gp_elem(a), gp_elem(b)
        if op in ("add", "sub", "mul"):
            ref = "%s%s%s" % (A, {"add": "+", "sub": "-", "mul": "*"}[op], B)
        elif op == "neg":
            ref = "-%s" % A
        elif op == "sqr":
            ref = "%s^2" % A
        elif op == "mul_small":
            ref = "%d*%s" % (c, A)
        elif op in ("inv", "inv_var"):
            if all(v == 0 for v in a):
                script.append("print(%d)" % int(got == "err inverse_of_zero"))
                continue
            ref = "1/%s" % A
        elif op in ("pow", "pow_var"):
            ref = "(o*%s)^%d" % (A, e)
        elif op == "frobenius":
            ref = "%s^p" % A
        elif op == "norm":
            script.append("print(lift(norm(o*%s))==%d)" % (A, int(got, 16)))
            continue
        elif op == "legendre":
            script.append("print(L(o*%s)==%s)" % (A, got))
            continue
        else:  # sqrt: a root when the element is a square, "none" otherwise
            if got == "none":
                script.append("print(!issquare(o*%s))" % A)
            else:
                r = [int(x, 16) for x in got.split(",")]
                script.append("print((o*%s)^2==o*%s)" % (gp_elem(r), A))
            continue
        want = [int(x, 16) for x in got.split(",")]
        script.append("print(lift(V(o*%s))==%s)" % (ref, want))
    results = gp.run("\n".join(script), len(cases))
    for (op, a, b, e, c), got, ok in zip(cases, out[2:], results):
        assert ok == "1", "F_p^%d p=%s nr=%s %s(%s, %s, e=%s, c=%s) = %s rejected by gp" % (
            d, h(p), h(beta), op, a, b, e, c, got)
    return True


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("degree", (2, 3))
def test_extension_fields(calc, gp, rng, kind, degree):
    served = 0
    for p in fields(rng):
        if run_extension(calc, gp, rng, p, kind, degree, "auto") is True:
            served += 1
    if kind in ("generic", "special"):
        assert served > 0


def test_given_nonresidues(calc, gp, rng):
    """A given non-residue is used as given; a square (cube) is refused."""
    p = 10009  # = 1 mod 3 and 1 mod 8: -1 is a square, so a non-residue must be searched or given
    assert p % 3 == 1 and p % 8 == 1
    nonsquares = [g for g in range(2, 100) if pow(g, (p - 1) // 2, p) == p - 1]
    squares = [g for g in range(2, 100) if pow(g, (p - 1) // 2, p) == 1]
    for beta, ok in ((p - 1, False), (nonsquares[1], True), (squares[0], False), (p - nonsquares[0], None)):
        if ok is None:
            ok = pow(beta, (p - 1) // 2, p) == p - 1
        res = run_extension(calc, gp, rng, p, "generic", 2, beta % p)
        assert (res is True) == ok, (beta, res)
        if not ok:
            assert res == "err constant_is_not_a_non-residue"
    cube_ok = [g for g in range(2, 40) if pow(g, (p - 1) // 3, p) != 1][0]
    cube = pow(5, 3, p)
    assert run_extension(calc, gp, rng, p, "generic", 3, cube_ok) is True
    assert run_extension(calc, gp, rng, p, "generic", 3, cube) == "err constant_is_not_a_non-residue"
