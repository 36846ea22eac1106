"""Kummer surfaces (src/kummer/) and the Kummer Diffie-Hellman on the Gaudry-Schost surface.

Independent references: the published constants, orders, base points and known answers of
tests/vectors/kummer_gs127.json (SUPERCOP crypto_scalarmult/kummer, qDSA; see its sources), and
Python integers for the group orders and the byte formats."""
import json
import os
import subprocess

import pytest

VEC = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "tests", "vectors")
GS = json.load(open(os.path.join(VEC, "kummer_gs127.json")))
P127 = 2**127 - 1
N = int(GS["group_orders"]["N"]["dec"])
NT = int(GS["group_orders"]["twist_N"]["dec"])
BASE = GS["base_points"]["supercop_kummer"]["bytes"]
QDSA = GS["base_points"]["qdsa"]["bytes"]
IDENTITY_WRAPPED = GS["identity"]["supercop_bytes"]


@pytest.fixture
def kc(kummer_calc):
    return kummer_calc


# The ladders of the gs127 surface (gn_kummer_set_ladder): the generic template, the portable
# 4-way one, AVX2 and the scalar mulx one where the build and CPU have them, and the automatic choice.
LADDERS = ["auto", "generic", "v4", "avx2", "mulx"]
OPTIONAL_LADDERS = {"avx2", "mulx"}
UNSUPPORTED = "err not_supported_for_this_modulus"


def gs(kc, ladder):
    """The lines selecting the gs127 surface on that ladder (skipping the test when it cannot
    serve here); kc.run's answers to them are dropped by [2:]."""
    out = kc.run(["gs127", "ladder " + ladder])
    if out[1] != "ok":
        assert ladder in OPTIONAL_LADDERS and out[1] == UNSUPPORTED, out
        pytest.skip("no %s ladder here: %s" % (ladder, out[1]))
    return ["gs127", "ladder " + ladder]


def pt(s):
    return [int(v, 16) for v in s.split(",")]


def fmt(p):
    return ",".join("%x" % (v % P127) for v in p)


def proj_eq(p, q, m=P127):
    return any(v % m for v in p) and all((p[i] * q[j] - p[j] * q[i]) % m == 0 for i in range(4) for j in range(4))


def le32(k):
    return (k % 2**256).to_bytes(32, "little").hex()


def test_constants(kc):
    out = kc.run(["gs127", "consts", "identity"])
    e, f, g, h, k, eps, epshat = out[1].split()
    sc = GS["surface_equation"]
    assert [int(v, 16) for v in (e, f, g, h, k)] == [int(sc[n]["dec"]) for n in ("E", "F", "G", "H")] + [
        int(sc["K4_coefficient_4E2mu1mu2mu3mu4"]["dec"])]
    assert proj_eq(pt(eps), GS["ladder_constants"]["eps"])
    assert proj_eq(pt(epshat), GS["ladder_constants"]["epshat"])
    assert proj_eq(pt(out[2]), GS["squared_theta_constants"]["mu"])


def test_points_on_surface(kc):
    lines = ["gs127", "on " + fmt(GS["squared_theta_constants"]["mu"]), "dec " + BASE, "dec " + QDSA,
             "on 1,2,3,4", "on 0,0,0,0"]
    out = kc.run(lines)
    assert out[1] == "1"
    b, q = pt(out[2]), pt(out[3])
    w = [int.from_bytes(bytes.fromhex(BASE)[16 * i:16 * i + 16], "little") for i in range(3)]
    assert proj_eq(b, [w[0] * w[1] * w[2], w[1] * w[2], w[0] * w[2], w[0] * w[1]])
    out2 = kc.run(["gs127", "on " + fmt(b), "on " + fmt(q)])
    assert out2[1:] == ["1", "1"]
    assert out[4:] == ["0", "0"]


@pytest.mark.parametrize("ladder", LADDERS)
def test_supercop_known_answers(kc, ladder):
    kat = GS["known_answer_tests"]
    lines, want = gs(kc, ladder), [None, None]
    for c in kat["supercop_simple"]:
        lines.append("pub " + c["scalar"])
        identity = c["output"] == IDENTITY_WRAPPED
        want.append(("inf " if identity else "") + c["output"])
    for c in kat["supercop_try_first_iterations"]["cases"]:
        lines += ["pub " + c["a"], "pub " + c["b"], "dh %s %s" % (c["a"], c["base_b"]), "dh %s %s" % (c["b"], c["base_a"])]
        want += [c["base_a"], c["base_b"], c["shared"], c["shared"]]
    assert kc.run(lines)[2:] == want[2:]


@pytest.mark.parametrize("ladder", LADDERS)
def test_orders(kc, rng, ladder):
    """[N']B = identity for the SUPERCOP base point, [N]Q = identity for the qDSA generator, [k]B = [k + N']B."""
    lines = ["gs127", "base", "dec " + QDSA, "identity"]
    base, q, ident = kc.run(lines)[1:]
    nbytes = lambda n: "%064x" % n
    lines = gs(kc, ladder) + ["mul %s %s" % (nbytes(NT), base), "mul %s %s" % (nbytes(N), q), "mul %s %s" % (nbytes(N), base),
             "mul %s %s" % (nbytes(NT), q)]
    ks = [rng.randrange(1, NT) for _ in range(8)]
    for k in ks:
        lines += ["mul %s %s" % (nbytes(k), base), "mul %s %s" % (nbytes(k + NT), base)]
    out = kc.run(lines)[2:]
    assert proj_eq(pt(out[0]), pt(ident)) and proj_eq(pt(out[1]), pt(ident))
    assert not proj_eq(pt(out[2]), pt(ident)) and not proj_eq(pt(out[3]), pt(ident))
    for i in range(len(ks)):
        assert proj_eq(pt(out[4 + 2 * i]), pt(out[5 + 2 * i]))


@pytest.mark.parametrize("ladder", LADDERS)
def test_dh_agreement(kc, rng, ladder):
    keys = [bytes(rng.randrange(256) for _ in range(32)).hex() for _ in range(12)]
    pubs = kc.run(gs(kc, ladder) + ["pub " + k for k in keys])[2:]
    lines = gs(kc, ladder)
    for i in range(0, 12, 2):
        lines += ["dh %s %s" % (keys[i], pubs[i + 1]), "dh %s %s" % (keys[i + 1], pubs[i])]
    out = kc.run(lines)[2:]
    for i in range(0, 12, 2):
        assert out[i] == out[i + 1] and len(out[i]) == 96


def test_scalar_uses_bits_250_to_0(kc, rng):
    """SUPERCOP's rule: bits 251..255 of the secret are ignored, nothing is reduced mod N'."""
    k = rng.randrange(2**250, 2**251)
    out = kc.run(["gs127", "pub " + le32(k), "pub " + le32(k | (0x1f << 251)), "pub " + le32(k % NT)])[1:]
    assert out[0] == out[1] == out[2]


def test_peer_keys_refused(kc):
    b = bytearray(bytes.fromhex(BASE))
    off = bytearray(b)
    off[0] ^= 1                                    # w1 = 7: not on the surface
    high = bytearray(b)
    high[15] |= 0x80                               # bit 127 set: not below p
    pmax = (P127).to_bytes(16, "little") + bytes(b[16:])   # w1 = p
    lines = ["gs127"] + ["dh %s %s" % ("01" * 32, x.hex()) for x in (off, high, bytes(pmax), bytes(48))]
    out = kc.run(lines)[1:]
    assert out == ["err point_is_not_on_the_curve", "err malformed_point_encoding", "err malformed_point_encoding",
                   "err point_is_not_on_the_curve"]


def run_cli(genus_bin, *args):
    return subprocess.run([genus_bin, *args], capture_output=True, text=True, timeout=60)


def test_cli(genus_bin, kc):
    r = run_cli(genus_bin, "kummer", "mul", "--scalar", "%x" % NT)
    assert r.returncode == 0
    ident = [int(v, 16) for v in r.stdout.split()]
    assert proj_eq(ident, GS["squared_theta_constants"]["mu"]) and ident[0] == 1
    r = run_cli(genus_bin, "kummer", "mul", "--scalar", "2")
    two = kc.run(["gs127", "dec 83e6d8fb0902b8a87746aeb2d046a15cb2e63ac892b437836594afd4bed499458b41a6d1adb57c102d0992ad947b6d03"])[1]
    assert proj_eq([int(v, 16) for v in r.stdout.split()], pt(two))
    pnt = " ".join(r.stdout.split())
    r3 = run_cli(genus_bin, "kummer", "mul", "--scalar", "3", "--point", pnt)
    r6 = run_cli(genus_bin, "kummer", "mul", "--scalar", "6")
    assert r3.returncode == 0 and r3.stdout == r6.stdout
    a = run_cli(genus_bin, "kummer", "keygen", "--seed", "00" * 16).stdout.split()
    b = run_cli(genus_bin, "kummer", "keygen", "--seed", "01" * 16).stdout.split()
    assert a == run_cli(genus_bin, "kummer", "keygen", "--seed", "00" * 16).stdout.split()
    assert len(a[0]) == 64 and len(a[1]) == 96 and a != b
    s1 = run_cli(genus_bin, "kummer", "dh", "--private", a[0], "--public", b[1])
    s2 = run_cli(genus_bin, "kummer", "dh", "--private", b[0], "--public", a[1])
    assert s1.returncode == 0 and s1.stdout == s2.stdout and len(s1.stdout.strip()) == 96
    assert len(run_cli(genus_bin, "kummer", "keygen").stdout.split()) == 2


@pytest.mark.parametrize("args", [
    ["kummer"], ["kummer", "frobnicate"], ["kummer", "mul"], ["kummer", "mul", "--scalar", "xyz"],
    ["kummer", "mul", "--scalar", "5", "--point", "1 2 3 4"],
    ["kummer", "mul", "--scalar", "5", "--point", "1 2 3"],
    ["kummer", "mul", "--scalar", "5", "--point", "%x 1 1 1" % P127],
    ["kummer", "dh", "--private", "01" * 32],
    ["kummer", "dh", "--private", "01" * 31, "--public", BASE],
    ["kummer", "dh", "--private", "01" * 32, "--public", BASE[:-2]],
    ["kummer", "dh", "--private", "01" * 32, "--public", "00" * 48],
    ["kummer", "dh", "--private", "00" * 32, "--public", BASE],
    ["kummer", "keygen", "--seed", "00"],
    ["kummer", "keygen", "--bogus"],
])
def test_cli_bad_input(genus_bin, args):
    r = run_cli(genus_bin, *args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1


# ------------------------------------------------------------------ against kummer_ref.py
# (Python integers, written from Gaudry 2007 and "Kummer strikes back"; validated on its own
# by test_kummer_ref.py against the published data)

import kummer_ref as kr  # noqa: E402
import supercop_try as st  # noqa: E402

PRIMES = [1009, 2**31 - 1, 2**64 - 59, 2**89 - 1, 2**100 - 15, P127, 2**128 - 159, 2**255 - 19]


def fmtp(P, p):
    return ",".join("%x" % (v % p) for v in P)


def random_surface(rng, p, theta):
    while True:
        c = [rng.randrange(1, p) for _ in range(4)]
        K = kr.ThetaKummer(p, c) if theta else kr.SquaredKummer(p, c)
        if not (K.sq if theta else K).degenerate:
            return c, K


def regular(P, p):
    return all(v % p for v in P)


@pytest.mark.parametrize("theta", [0, 1], ids=["squared", "theta"])
@pytest.mark.parametrize("p", PRIMES, ids=[str(p.bit_length()) for p in PRIMES])
def test_random_surface_against_reference(kc, rng, p, theta):
    c, K = random_surface(rng, p, theta)
    sq = K.sq if theta else K
    lines = ["surface %s %x %s" % ("theta" if theta else "squared", p, fmtp(c, p)), "consts", "identity"]
    pts = [K.random_point(rng) for _ in range(4)]
    want = [None, None, None]
    for P in pts:
        k = rng.randrange(1, 2 ** min(2 * p.bit_length() + 8, 400))
        lines += ["on " + fmtp(P, p), "on " + fmtp((P[0] + 1, P[1], P[2], P[3]), p), "dbl " + fmtp(P, p),
                  "mul %0*x %s" % (2 * ((k.bit_length() + 7) // 8), k, fmtp(P, p))]
        want += ["1", "0", K.dbl(P) if theta else K.xdbl(P), K.ladder(k, P)]
        Q = K.random_point(rng)
        # P - Q and P + Q are the two points completing {P, Q}; the ladder gives them from
        # multiples of one point: D = [m]P, P' = [m + 1]P, so P' - D = P and P' + D = [2m + 1]P
        m = rng.randrange(2, 50)
        Dm, Pm = K.ladder(m, P), K.ladder(m + 1, P)
        if regular(P, p):
            lines.append("add %s %s %s" % (fmtp(Pm, p), fmtp(Dm, p), fmtp(P, p)))
            want.append(K.ladder(2 * m + 1, P))
    out = kc.run(lines)
    assert out[0] == "ok"
    E, F, G, H, KK = [int(v, 16) for v in out[1].split()[:5]]
    assert (F, G, H, KK) == (sq.F, sq.G, sq.H, sq.K)
    assert E == (K.E if theta else sq.E)
    assert kr.proj_eq(pt(out[2]), K.identity(), p)
    for got, w in zip(out[3:], want[3:]):
        if isinstance(w, str):
            assert got == w
        else:
            assert kr.proj_eq(pt(got), w, p), (got, w)


SMALL = [(17, (1, 7, 12, 4)), (19, (1, 14, 11, 15))]


@pytest.mark.parametrize("p,mu", SMALL, ids=["p17", "p19"])
def test_exhaustive_small_surface(kc, p, mu):
    """Every point of a small surface: membership, and [k]P for every regular point and k up to
    beyond its order (the order found by the reference's repeated pseudo-addition)."""
    K = kr.SquaredKummer(p, mu)
    pts = K.points()
    ptset = {kr.normalize(P, p) for P in pts}
    lines = ["surface squared %x %s" % (p, fmtp(mu, p))]
    want = ["ok"]
    for P in pts:
        lines.append("on " + fmtp(P, p))
        want.append("1")
    # a sample of tuples that are not points
    for x in range(p):
        Q = kr.normalize((1, x, (x * x + 3) % p, (x + 5) % p), p)
        lines.append("on " + fmtp(Q, p))
        want.append("1" if Q in ptset else "0")
    mults = []
    for P in pts:
        if not regular(P, p):
            continue
        # every k from 0 to one past the order of P (the reference's ladder reaching the identity)
        k = 0
        while True:
            R = K.ladder(k, P)
            lines.append("mul %02x %s" % (k, fmtp(P, p)))
            mults.append(R)
            if (k > 1 and kr.proj_eq(K.ladder(k - 1, P), K.identity(), p)) or k > 2 * p + 8:
                break
            k += 1
    out = kc.run(lines)
    n = len(want)
    assert out[:n] == want
    for got, w in zip(out[n:], mults):
        assert kr.proj_eq(pt(got), w, p), (got, w)


@pytest.mark.parametrize("ladder", LADDERS)
def test_supercop_checksums(kc, ladder):
    """SUPERCOP's crypto_scalarmult test driver (try.c: checksumsmall, 64 loops; checksumbig,
    512 loops, left to the builds without sanitizers) on genus's Kummer DH; the inputs never give
    a degenerate output."""
    from conftest import SANITIZE
    pre = gs(kc, ladder)

    def base_batch(ns):
        return [bytes.fromhex(o) for o in kc.run(pre + ["pub " + n.hex() for n in ns])[2:]]

    def mult_batch(jobs):
        return [bytes.fromhex(o) for o in kc.run(pre + ["dh %s %s" % (n.hex(), q.hex()) for n, q in jobs])[2:]]

    sums = GS["known_answer_tests"]["supercop_checksums"]
    assert st.run_try_batched(base_batch, mult_batch, st.LOOPS_SMALL) == sums["checksumsmall"]
    if not SANITIZE:
        assert st.run_try_batched(base_batch, mult_batch, st.LOOPS_BIG) == sums["checksumbig"]


def test_ladder_choice(kc):
    """gs127 has the generic and the portable 4-way ladder everywhere, AVX2 and mulx where the build
    and CPU allow, and uses one of the dedicated ones; any other surface, even over the same field,
    has only the generic ladder; gn_kummer_init with gs127's constants finds the dedicated ones."""
    kinds = kc.run(["gs127", "ladders"])[1].split()
    assert kinds[:2] == ["generic", "v4"] and set(kinds) <= {"generic", "v4"} | OPTIONAL_LADDERS
    which = kc.run(["gs127", "which"])[1]
    assert which in kinds
    other = [11, P127 - 22, P127 - 19, P127 - 4]
    assert not kr.SquaredKummer(P127, other).degenerate
    out = kc.run(["surface squared %x %s" % (P127, fmt(other)), "ladders", "which", "ladder v4", "ladder avx2",
                  "ladder mulx", "ladder auto", "which", "ladder bogus"])
    assert out == ["ok", "generic", "generic", UNSUPPORTED, UNSUPPORTED, UNSUPPORTED, "ok", "generic",
                   "err malformed_hexadecimal"]
    mu = GS["squared_theta_constants"]["mu"]
    out = kc.run(["surface squared %x %s" % (P127, fmt(mu)), "ladders", "which"])
    assert out == ["ok", " ".join(kinds), which]


def test_ladders_cross_check(kc):
    """Every ladder of gs127 against the generic one, coordinate by coordinate, on 10^4 random
    points and scalars (edge values among them) and 10^4 / 8 Diffie-Hellman exchanges: in
    particular the AVX2, the scalar mulx and the portable 4-way ladders are identical on 10^4
    random inputs (10^3 in the sanitizer build)."""
    from conftest import ITERATIONS, SANITIZE, SEED
    kinds = kc.run(["gs127", "ladders"])[1].split()
    n = (1000 if SANITIZE else 10000) * ITERATIONS
    out = kc.run(["gs127", "cross %d %x" % (n, SEED * 0x9e3779b97f4a7c15 % 2**64)])
    assert out[1] == "ok %d %s" % (n, ",".join(kinds))


def test_wrapped_round_trip(kc, rng):
    K = kr.GS127
    pts = [K.random_point(rng) for _ in range(6)]
    out = kc.run(["gs127"] + ["enc " + fmt(P) for P in pts])[1:]
    for P, o in zip(pts, out):
        assert o == kr.encode_point(P, zero_as_p=False).hex()
    back = kc.run(["gs127"] + ["dec " + o for o in out])[1:]
    for P, b in zip(pts, back):
        assert kr.proj_eq(pt(b), P, P127)


def test_operation_counts(genus_bin):
    """genus ops --kummer, measured on the counting kernel: the squared-model ladder step is
    8S + 11M + 8c (docs/FORMULAS.md), doubling 8S + 8c, differential addition 4S + 8M + 4c."""
    r = run_cli(genus_bin, "ops", "--kummer")
    assert r.returncode == 0
    rows = {tuple(l.split()[:3]): [int(v) for v in l.split()[3:]] for l in r.stdout.splitlines()[1:]}
    # columns: M S D c a I
    assert rows[("gs127", "squared", "ladder-step")][:4] == [11, 8, 0, 8]
    assert rows[("gs127", "squared", "dbl")][:4] == [0, 8, 0, 8]
    assert rows[("gs127", "squared", "diff-add")][:4] == [8, 4, 0, 4]
    assert rows[("theta(1:2:3:5)", "theta", "ladder-step")][:4] == [11, 8, 0, 8]
