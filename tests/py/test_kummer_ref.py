"""Validation of the Python Kummer reference (kummer_ref.py, supercop_try.py) itself, against the
independent data of ../shared/vectors/kummer_gs127.json (constants, orders, base points, SUPERCOP
known answers and checksums) and against its own algebra: the theta and squared models must
agree, the ladder must agree with repeated pseudo-addition on every point of a small surface, and
the orders seen there must divide the Jacobian orders counted on the Rosenhain curve.
Needs no genus binary. SUPERCOP's checksumbig (512 loops, about 10 s of CPU) runs by default;
GENUS_SKIP_SLOW=1 skips it.
"""
import json
import math
import os

import pytest

import kummer_ref as kr
import supercop_try as st

JSON_PATH = os.path.join(os.environ.get("GENUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                         "tests", "vectors", "kummer_gs127.json")
with open(JSON_PATH) as fh:
    V = json.load(fh)
SKIP_SLOW = os.environ.get("GENUS_SKIP_SLOW") == "1"

p = kr.P127
K = kr.GS127


def num(entry):
    return int(entry["hex"], 16)


def base_point():
    return kr.decode_point(kr.BASE_BYTES)


def random_scalars(rng, count, bits=256):
    return [rng.getrandbits(bits) for _ in range(count)]


# -------------------------------------------------------------------------- constants
def test_field_and_constants():
    assert num(V["field"]["p"]) == p
    assert tuple(num(e) for e in V["squared_theta_constants"]["mu_mod_p"]) == K.mu
    assert tuple(num(e) for e in V["dual_squared_constants"]["muhat_mod_p"]) == K.muhat
    # eps and epshat as SUPERCOP ref5 scales them (smult.c) are the same projective points.
    assert kr.proj_eq(K.eps, V["ladder_constants"]["eps"], p)
    assert kr.proj_eq(K.epshat, V["ladder_constants"]["epshat"], p)
    assert kr.proj_eq(K.eps, V["ladder_constants"]["eps_unscaled_2014"], p)
    assert kr.proj_eq(K.epshat, V["ladder_constants"]["epshat_unscaled_2014"], p)
    eq = V["surface_equation"]
    assert (K.E, K.F, K.G, K.H) == tuple(num(eq[c]) for c in "EFGH")
    assert K.K == num(eq["K4_coefficient_4E2mu1mu2mu3mu4"])
    # The constants are projective invariants of mu.
    K2 = kr.SquaredKummer(p, [-m for m in kr.GS127_MU])
    assert (K2.E, K2.F, K2.G, K2.H, K2.K) == (K.E, K.F, K.G, K.H, K.K)


def test_points_on_surface():
    assert K.on_surface(K.identity())
    assert not K.on_surface((0, 0, 0, 0))
    bp = V["base_points"]
    for name in ("supercop_kummer", "qdsa", "kumfp127g"):
        key = "projective" if name == "kumfp127g" else "projective_normalized_x_eq_1"
        P = tuple(num(e) for e in bp[name][key])
        assert K.on_surface(P), name
        if name != "kumfp127g":
            w = tuple(num(e) for e in bp[name]["wrapped_x_over_y_z_t"])
            assert kr.point_from_wrapped(w) == kr.decode_point(bytes.fromhex(bp[name]["bytes"]))
            assert kr.normalize(kr.point_from_wrapped(w), p) == P
            assert kr.wrapped_from_point(P) == w
    assert kr.decode_point(kr.BASE_BYTES) == kr.point_from_wrapped(
        tuple(num(e) for e in bp["supercop_kummer"]["wrapped_x_over_y_z_t"]))
    ident = V["identity"]
    assert kr.encode_point(K.identity()).hex() == ident["supercop_bytes"]
    assert kr.wrapped_from_point(K.identity()) == tuple(num(e) for e in ident["wrapped_x_over_y_z_t"])


def test_orders_of_base_points():
    go, bp = V["group_orders"], V["base_points"]
    N, tN = num(go["N"]), num(go["twist_N"])
    B = base_point()
    assert kr.proj_eq(K.ladder(tN, B), K.mu, p)
    assert not kr.proj_eq(K.ladder(N, B), K.mu, p)
    Q = tuple(num(e) for e in bp["qdsa"]["projective_normalized_x_eq_1"])
    assert kr.proj_eq(K.ladder(N, Q), K.mu, p)
    assert not kr.proj_eq(K.ladder(tN, Q), K.mu, p)
    G = tuple(num(e) for e in bp["kumfp127g"]["projective"])
    assert kr.proj_eq(K.ladder(2 * N, G), K.mu, p)
    assert not kr.proj_eq(K.ladder(N, G), K.mu, p)


def test_random_points_killed_by_16N_or_16twistN(rng):
    # K(F_p) is the image of J(C)(F_p) (order 16N) and of the twist's Jacobian (16 twist_N).
    N, tN = num(V["group_orders"]["N"]), num(V["group_orders"]["twist_N"])
    seen = set()
    for _ in range(6):
        P = K.random_point(rng)
        in_j = kr.proj_eq(K.ladder(16 * N, P), K.mu, p)
        in_t = kr.proj_eq(K.ladder(16 * tN, P), K.mu, p)
        assert in_j != in_t
        seen.add(in_j)
    assert seen == {True, False}, "six random points all on one side (probability 1/32)"


# ------------------------------------------------------------------- SUPERCOP known answers
@pytest.mark.parametrize("case", V["known_answer_tests"]["supercop_simple"], ids=lambda c: c["scalar"][:8])
def test_supercop_simple(case):
    assert case["point"] == "base"
    assert kr.crypto_scalarmult_base(bytes.fromhex(case["scalar"])).hex() == case["output"]


def test_supercop_try_first_iterations():
    cases = V["known_answer_tests"]["supercop_try_first_iterations"]["cases"]
    pairs = st.try_inputs(len(cases))
    for (a, b), c in zip(pairs, cases):
        assert (a.hex(), b.hex()) == (c["a"], c["b"])
        ca, cb = kr.crypto_scalarmult_base(a), kr.crypto_scalarmult_base(b)
        assert (ca.hex(), cb.hex()) == (c["base_a"], c["base_b"])
        assert kr.crypto_scalarmult(a, cb).hex() == c["shared"]
        assert kr.crypto_scalarmult(b, ca).hex() == c["shared"]


def test_supercop_checksumsmall_batched():
    calls = {"base": 0, "mult": 0}

    def base_batch(ns):
        calls["base"] += 1
        return [kr.crypto_scalarmult_base(n) for n in ns]

    def mult_batch(jobs):
        calls["mult"] += 1
        return [kr.crypto_scalarmult(n, q) for n, q in jobs]

    got = st.run_try_batched(base_batch, mult_batch, st.LOOPS_SMALL)
    assert got == V["known_answer_tests"]["supercop_checksums"]["checksumsmall"]
    assert calls == {"base": 1, "mult": 1}


def test_supercop_run_try_one_call_at_a_time():
    # The same driver with single calls (and try.c's repeated calls) on the first 4 loops gives
    # the checksum of the first 4 outputs of the batched driver.
    pairs = st.try_inputs(4)
    outs = []
    for a, b in pairs:
        c, d = kr.crypto_scalarmult_base(a), kr.crypto_scalarmult_base(b)
        outs.append((c, d, kr.crypto_scalarmult(a, d), kr.crypto_scalarmult(b, c)))
    assert st.run_try(kr.crypto_scalarmult_base, kr.crypto_scalarmult, 4) == st.try_checksum(outs)
    with pytest.raises(st.TryFailure, match="not associative"):
        st.run_try(kr.crypto_scalarmult_base, lambda n, q: n + q[32:], 1, repeat=False)
    flip = iter(range(10**6))
    with pytest.raises(st.TryFailure, match="nondeterministic"):
        st.run_try(lambda n: bytes([next(flip) % 256]) * 48, kr.crypto_scalarmult, 1)


@pytest.mark.skipif(SKIP_SLOW, reason="GENUS_SKIP_SLOW=1")
def test_supercop_checksumbig():
    got = st.run_try(kr.crypto_scalarmult_base, kr.crypto_scalarmult, st.LOOPS_BIG, repeat=False)
    assert got == V["known_answer_tests"]["supercop_checksums"]["checksumbig"]


def test_checksum_padding():
    # checksum() of a short string: the block is x || 1 || 0..., with state[0] ^= 1 first.
    cs = st.Checksum().absorb(b"abc")
    expect = st.salsa20_core(b"abc\x01" + bytes(12), b"\x01" + bytes(31))
    assert cs.state == expect
    tv = st.TestVectors()
    assert tv(64) == st.salsa20_stream(64, bytes(8), st.TESTVECTOR_KEY)
    assert len(tv(8)) == 8
    assert tv(100)[64:] == st.salsa20_core(bytes([2]) + bytes(7) + bytes([1]) + bytes(7),
                                           st.TESTVECTOR_KEY)[:36]


# ---------------------------------------------------------------------------- wire format
def test_wire_format_edges():
    one = (1).to_bytes(16, "little")
    assert kr.fe_unpack(bytes(15) + b"\x80") == 0                 # bit 127 ignored
    assert kr.fe_unpack(p.to_bytes(16, "little")) == 0            # p reads as 0
    assert kr.fe_unpack((2**128 - 1).to_bytes(16, "little")) == 0
    assert kr.fe_unpack(one[:15] + b"\x80") == 1
    assert kr.fe_pack(0) == p.to_bytes(16, "little")              # ref5 packs 0 as p
    assert kr.fe_pack(0, zero_as_p=False) == bytes(16)
    assert kr.fe_pack(p - 1) == (p - 1).to_bytes(16, "little")
    n1 = one + bytes(16)
    # Bits 251..255 of the scalar are ignored.
    k = bytes.fromhex("0200000000000000000000000000000000000000000000000000000000000000")
    assert kr.crypto_scalarmult_base(k[:31] + b"\xf8") == kr.crypto_scalarmult_base(k)
    assert kr.crypto_scalarmult_base(bytes(31) + b"\xf8") == kr.crypto_scalarmult_base(bytes(32))
    # Degenerate inputs, answers of SUPERCOP ref5 (supercop-20160716 crypto_scalarmult/kummer/
    # ref5, compiled unchanged): the all-zero point gives the zero vector, packed as p three
    # times; with the scalar 0 the ladder still returns the neutral element.
    zero_pt = bytes(48)
    assert kr.crypto_scalarmult(n1, zero_pt) == p.to_bytes(16, "little") * 3
    assert kr.crypto_scalarmult(bytes(32), zero_pt).hex() == V["identity"]["supercop_bytes"]
    assert kr.crypto_scalarmult(n1, zero_pt, zero_as_p=False) == bytes(48)
    # A point with x = 0 (w = (0, 0, 0)) and one with a zero coordinate also end at zero.
    assert kr.encode_point((0, 1, 2, 3)) == p.to_bytes(16, "little") * 3
    assert kr.encode_point((1, 2, 0, 3), zero_as_p=False) == bytes(48)
    # Wrapped coordinates round-trip for points without zero coordinate.
    B = base_point()
    assert kr.decode_point(kr.encode_point(B)) == B
    assert kr.proj_eq(kr.decode_point(kr.encode_point(K.xdbl(B))), K.xdbl(B), p)


def test_scalarmult_is_the_ladder(rng):
    B = base_point()
    for k in random_scalars(rng, 3):
        n = k.to_bytes(32, "little")
        expect = K.ladder(k & (2**251 - 1), B)
        assert kr.crypto_scalarmult_base(n) == kr.encode_point(expect)


# ------------------------------------------------------------------ algebra on the big surface
def test_helpers(rng):
    P = K.random_point(rng)
    lam = rng.randrange(1, p)
    assert kr.proj_eq(P, [lam * u for u in P], p)
    assert kr.normalize([lam * u for u in P], p) == kr.normalize(P, p)
    assert kr.normalize(P, p)[0] == 1 or P[0] == 0
    assert kr.hadamard(kr.hadamard(P, p), p) == tuple(4 * u % p for u in P)
    assert not kr.proj_eq(P, (0, 0, 0, 0), p)
    roots = sorted(rng.randrange(p) for _ in range(3))
    f = [1]
    for r in roots + [roots[0]]:        # (x - r0)^2 (x - r1)(x - r2)
        f = [((f[i - 1] if i else 0) - r * (f[i] if i < len(f) else 0)) % p for i in range(len(f) + 1)]
    assert kr.poly_roots(f, p, rng) == sorted(set(roots))
    a = rng.randrange(p) ** 2 % p
    assert kr.sqrt_mod(a, p) ** 2 % p == a
    assert kr.legendre(a, 10009) == -1 or kr.sqrt_mod(a, 10009) ** 2 % 10009 == a % 10009
    assert kr.sqrt_mod(3, 17) is None and kr.sqrt_mod(13, 17) ** 2 % 17 == 13   # p = 1 mod 8


def test_ladder_step_and_closure(rng):
    for _ in range(4):
        P, Q = K.random_point(rng), K.random_point(rng)
        D = K.random_point(rng)
        Dinv = kr.inverse_coords(D, p)
        assert K.xdbladd(P, Q, Dinv) == (K.xdbl(P), K.xadd_inv(P, Q, Dinv))
        assert K.on_surface(K.xdbl(P))
        assert kr.proj_eq(K.xadd(P, K.mu, P), P, p)                 # P + 0 = P
        assert kr.proj_eq(K.xadd(P, P, K.mu), K.xdbl(P), p)         # P + P = [2]P
        P2 = K.xdbl(P)
        P3 = K.xadd(P2, P, P)
        assert K.on_surface(P3)
        assert kr.proj_eq(K.ladder(3, P), P3, p)
        assert kr.proj_eq(K.xadd(P3, P2, P), K.xadd(K.xdbl(P2), P, P3), p)   # [5]P two ways
        assert kr.proj_eq(K.xdbl(K.mu), K.mu, p)


def test_ladder_commutes_on_random_points(rng):
    for _ in range(3):
        P = K.random_point(rng)
        k, m = rng.getrandbits(250), rng.getrandbits(250)
        km = K.ladder(k, K.ladder(m, P))
        assert K.on_surface(km)
        assert kr.proj_eq(km, K.ladder(m, K.ladder(k, P)), p)
        assert kr.proj_eq(km, K.ladder(k * m, P), p)
    P = K.random_point(rng)
    assert kr.proj_eq(K.ladder(0, P), K.mu, p) and kr.proj_eq(K.ladder(1, P), P, p)
    # Leading zero bits do not change the result.
    assert kr.proj_eq(K.ladder(12345, P, nbits=251), K.ladder(12345, P), p)


# ------------------------------------------------------------------- theta <-> squared model
@pytest.mark.parametrize("prime", [kr.P127, 2**61 - 1, 1009])
def test_theta_and_squared_models_commute(rng, prime):
    while True:
        T = kr.ThetaKummer(prime, [rng.randrange(1, prime) for _ in range(4)])
        if not T.sq.degenerate and 0 not in T.abcd:
            break
    S = T.sq
    assert S.mu == kr.csqr(T.abcd, prime)
    assert T.on_surface(T.identity()) and S.on_surface(S.identity())
    assert T.E * T.E * 4 % prime == S.K * pow(prod(S.mu), -1, prime) * prod(T.abcd) ** 2 % prime
    for _ in range(3):
        P = T.random_point(rng)
        while 0 in P:
            P = T.random_point(rng)
        sq = T.to_squared
        assert S.on_surface(sq(P))
        P2 = T.dbl(P)
        assert T.on_surface(P2)
        assert kr.proj_eq(sq(P2), S.xdbl(sq(P)), prime)
        P3 = T.add(P2, P, P)
        assert T.on_surface(P3)
        assert kr.proj_eq(sq(P3), S.xadd(sq(P2), sq(P), sq(P)), prime)
        P5 = T.add(P3, P2, P)
        assert kr.proj_eq(sq(P5), S.xadd(sq(P3), sq(P2), sq(P)), prime)
        assert kr.proj_eq(P5, T.add(T.dbl(P2), P, P3), prime)
        k = rng.getrandbits(prime.bit_length() * 2)
        Pk = T.ladder(k, P)
        assert T.on_surface(Pk)
        assert kr.proj_eq(sq(Pk), S.ladder(k, sq(P)), prime)


def prod(xs):
    r = 1
    for x in xs:
        r *= x
    return r


# ------------------------------------------------------------------------ a small surface
# Small surfaces: every derived constant non-zero, A2 B2/(C2 D2) a square (a rational Rosenhain
# model to count on); over F_17 the curve and its twist have different orders (224 and 368).
SMALL = [(17, (1, 7, 12, 4)), (19, (1, 14, 11, 15))]


def multiples(S, P, rng):
    """[0]P, [1]P, ..., [n]P = neutral by pseudo-additions only (no ladder): [k+1]P =
    xADD([k]P, P, [k-1]P), and, as cross-checks, [k+1]P from halves and from a random split
    [j]P + [k+1-j]P with difference [k+1-2j]P, whenever the difference has no zero coordinate."""
    p = S.p
    M = [S.mu, P]
    while not kr.proj_eq(M[-1], S.mu, p):
        k = len(M) - 1
        ways = []
        if 0 not in M[k - 1]:
            ways.append(S.xadd(M[k], P, M[k - 1]))
        if (k + 1) % 2 == 0:
            ways.append(S.xdbl(M[(k + 1) // 2]))
        else:
            ways.append(S.xadd(M[(k + 2) // 2], M[k // 2], P))
        j = rng.randint(1, k)
        if 0 not in M[abs(k + 1 - 2 * j)]:
            ways.append(S.xadd(M[j], M[k + 1 - j], M[abs(k + 1 - 2 * j)]))
        for w in ways[1:]:
            assert kr.proj_eq(w, ways[0], p), (P, k + 1)
        assert S.on_surface(ways[0]), (P, k + 1)
        M.append(ways[0])
        assert len(M) < 4 * p * p, "no finite order"
    return M


def jacobian_orders(p, mu):
    """(#J(C), #J(C_twist)) for the Rosenhain curve y^2 = x(x-1)(x-l)(x-m)(x-n) of the squared
    theta constants mu (Gaudry 2007: l = a2 c2/(b2 d2), m = c2 e/d2, n = a2 e/b2 with
    e = (AB + CD)/(AB - CD), AB/CD a square root of A2 B2/(C2 D2)), by counting points over
    F_p and F_p^2: s1 = p + 1 - N1, s2 = (N2 - p^2 - 1 + s1^2)/2, #J = P(1), #J_twist = P(-1)."""
    a2, b2, c2, d2 = mu
    A2, B2, C2, D2 = kr.hadamard(mu, p)
    r = kr.sqrt_mod(A2 * B2 * pow(C2 * D2, -1, p), p)
    assert r is not None
    e = (r + 1) * pow(r - 1, -1, p) % p
    inv = lambda x: pow(x, -1, p)
    roots = [0, 1, a2 * c2 * inv(b2 * d2) % p, c2 * e * inv(d2) % p, a2 * e * inv(b2) % p]
    assert len(set(roots)) == 5
    nr = next(z for z in range(2, p) if kr.legendre(z, p) == -1)   # F_p^2 = F_p(sqrt(nr))

    def f2(x):   # f(x) for x = (u, v) = u + v sqrt(nr), result in F_p^2
        acc = (1, 0)
        for rt in roots:
            u, v = (x[0] - rt) % p, x[1]
            acc = ((acc[0] * u + nr * acc[1] * v) % p, (acc[0] * v + acc[1] * u) % p)
        return acc

    def chi2(z):  # quadratic character on F_p^2 = that of the norm on F_p
        return kr.legendre(z[0] * z[0] - nr * z[1] * z[1], p)

    N1 = 1 + sum(1 + kr.legendre(f2((x, 0))[0], p) for x in range(p))
    N2 = 1 + sum(1 + chi2(f2((u, v))) for u in range(p) for v in range(p))
    s1 = p + 1 - N1
    s2 = (N2 - p * p - 1 + s1 * s1) // 2
    P = lambda x: x**4 - s1 * x**3 + s2 * x**2 - s1 * p * x + p * p
    return P(1), P(-1)


@pytest.mark.parametrize("p,mu", SMALL)
def test_small_surface_exhaustive(rng, p, mu):
    S = kr.SquaredKummer(p, mu)
    assert not S.degenerate
    assert all(v % p for v in (S.E, S.F, S.G, S.H, S.K) + S.eps + S.epshat + S.muhat)
    pts = S.points()
    assert len(set(pts)) == len(pts) and S.mu in pts
    assert all(S.on_surface(P) for P in pts)
    # The squared model sees each point of K once: (p^2 + p + 1) +- O(p) of them.
    assert abs(len(pts) - p * p) < 8 * p
    for P in pts:   # doubling is defined everywhere and stays on the surface
        assert S.on_surface(S.xdbl(P))
        assert kr.proj_eq(S.xadd(P, P, S.mu), S.xdbl(P), p)
    nJ, nJt = jacobian_orders(p, S.mu)
    usable = [P for P in pts if 0 not in P]          # the ladder divides by P's coordinates
    orders = []
    for P in usable:
        M = multiples(S, P, rng)
        n = len(M) - 1
        orders.append(n)
        assert nJ % n == 0 or nJt % n == 0, (P, n, nJ, nJt)
        assert all(kr.proj_eq(M[i], M[n - i], p) for i in range(n + 1))     # [k]P = [-k]P
        for k in range(n + 2):
            assert kr.proj_eq(S.ladder(k, P), M[k % n], p), (P, k)
    e = math.lcm(*orders)
    assert e % max(orders) == 0 and max(orders) > 2 * p
    for P in usable:
        assert kr.proj_eq(S.ladder(e, P), S.mu, p)
        assert kr.proj_eq(S.ladder(e + 1, P), P, p)
        assert kr.proj_eq(S.ladder(e * 12345 + 7, P), S.ladder(7, P), p)
    assert (nJ + nJt) // 2 - 2 * p <= len(pts) <= (nJ + nJt) // 2 + 2 * p
    if nJ != nJt:   # points of both Jacobians appear
        assert any(nJ % n == 0 and nJt % n for n in orders) and any(nJt % n == 0 and nJ % n for n in orders)
