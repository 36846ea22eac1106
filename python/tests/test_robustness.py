"""Bad input never crashes the interpreter (genus.Error or TypeError, nothing else), properties
of the group laws and encodings under hypothesis, and one curve shared by 8 threads."""
from __future__ import annotations

import random
import threading
from typing import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import genus

P256 = genus.Curve.named("P-256")
B163 = genus.Curve.named("B-163")
ED = genus.Curve.named("edwards25519")

HOSTILE_INTS = [0, 1, -1, -(1 << 4000), 1 << 4000, 2**64, 2**4096 - 1, P256.order, -P256.order, P256.field.p]
HOSTILE_BYTES = [b"", b"\x00", b"\x04", b"\xff" * 5000, b"\x30" * 200, bytes(65), b"\x02" + b"\xff" * 32,
                 b"\x30\x82\xff\xff", b"\x04" + b"\x00" * 32 + b"\x01" * 32]


def refused(fn: object, *args: object) -> None:
    """fn(*args) either works or raises genus.Error / TypeError."""
    try:
        fn(*args)  # type: ignore[operator]
    except (genus.Error, TypeError):
        pass


def test_hostile_scalars_and_bytes() -> None:
    for k in HOSTILE_INTS:
        for E in (P256, B163, ED):
            refused(E.mul, k)
            refused(lambda: k * E.generator)
            refused(genus.ecdh, E, k, P256.generator.encode())
            refused(genus.public_key, E, k)
        refused(genus.PrimeField, k)
        refused(genus.BinaryField, k)
        refused(genus.PrimeField(7), k)
        refused(lambda: genus.PrimeField(7)(3) ** k)
    for b in HOSTILE_BYTES:
        for E in (P256, B163):
            refused(E.decode, b)
            for fmt in genus.KEY_FORMATS:
                refused(genus.ecdh, E, 5, b, fmt)
        refused(genus.x25519, b, b)
        refused(genus.x448, b, b)
        refused(genus.kummer.dh, b, b)
        refused(genus.PrimeField(2**255 - 19).from_bytes, b)
        refused(genus.Drbg, "hmac-sha256", b, b)
    # the exponent of a scalar that large is reduced modulo the group order
    assert (1 << 4000) * P256.generator == ((1 << 4000) % P256.order) * P256.generator
    assert -5 * P256.generator == -(5 * P256.generator)
    for bad_window in (-1, 17, 2**40):
        with pytest.raises(genus.Error):
            P256.mul(5, window=bad_window)
    with pytest.raises(genus.Error):
        genus.mqv(P256, 1, 2, P256.generator, P256.generator, True, keylen=2**70)
    J = genus.Jacobian(1009, [1, 2, 3, 4, 5, 1])
    with pytest.raises(genus.Error):
        J([], [], n=-1)


def test_wrong_types() -> None:
    for bad in (1.0, "5", None, [1], b"\x05"):
        with pytest.raises(TypeError):
            P256.mul(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            genus.PrimeField(7)(bad) if not isinstance(bad, bytes) else genus.PrimeField(7)([1])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        P256.generator + 1  # type: ignore[operator]
    with pytest.raises(TypeError):
        genus.Curve.named(7)  # type: ignore[arg-type]
    with pytest.raises(genus.Error):
        genus.Curve.named("P-257")
    with pytest.raises(genus.Error):
        genus.Curve.named("P-256\0")
    with pytest.raises(TypeError):
        genus.Curve()
    with pytest.raises(genus.Error):  # a converted form has no parameters of its own to rebuild
        ED.to_model("weierstrass").mul(5, kernel="generic")
    assert ED.mul(5, model="weierstrass", kernel="generic") == 5 * ED.generator
    assert isinstance(genus.Error("x"), ValueError)


def test_kernels_mix_by_value() -> None:
    """The same field or curve made on two kernels: elements and points carry over by value."""
    A, B = genus.PrimeField(2**255 - 19, "special"), genus.PrimeField(2**255 - 19, "generic")
    assert int(A(3) + B(4)) == 7 and A(3) == B(3) and hash(A(3)) == hash(B(3)) == hash(3)
    E = genus.Curve.named("secp256k1")
    F = genus.PrimeField(E.field.p, "generic")
    G = E.generator
    assert E(F(G.x), F(G.y)) == G
    J1, J2 = genus.Jacobian.gs127(), genus.Jacobian(genus.PrimeField(2**127 - 1, "generic"), genus.Jacobian.gs127().f)
    D = J1.random(seed=b"\x01" * 16)
    with pytest.raises(genus.Error):  # Jacobians on two kernels do not mix
        D + J2.decode(D.encode())
    assert J2.decode(D.encode()).encode() == D.encode()


def test_curve_files_that_lie(rng: random.Random) -> None:
    """Random and mutated curve descriptions: refused with genus.Error, or valid curves."""
    base = {"type": "short_weierstrass_prime", "p": "%x" % P256.field.p, "a": "%x" % P256.a, "b": "%x" % P256.b,
            "Gx": "%x" % P256.generator.x, "Gy": "%x" % P256.generator.y, "n": "%x" % P256.order, "h": "1"}
    for _ in range(300):
        d = dict(base)
        key = rng.choice(list(d))
        d[key] = rng.choice(["", "0", "1", "-1", "zz", "%x" % rng.getrandbits(rng.choice([8, 64, 256, 2000])),
                             None, 5, [], {}, "twisted_edwards", "binary_weierstrass", " 1"])
        if d[key] is None:
            del d[key]
        try:
            E = genus.Curve.from_json(d)
        except genus.Error:
            continue
        assert (E.order * E.generator).is_infinity()


@given(st.integers(min_value=-(1 << 600), max_value=1 << 600), st.integers(min_value=-(1 << 300), max_value=1 << 300))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_group_laws(k: int, l: int) -> None:
    for E in (P256, ED, B163):
        G = E.generator
        P, Q = k * G, l * G
        assert P + Q == (k + l) * G == Q + P
        assert P - Q == (k - l) * G and -(P) == (-k) * G and (P + Q) + G == P + (Q + G)
        assert (E.order * P).is_infinity() and P + E.infinity == P
        if E.model != "edwards":
            assert E.decode(P.encode()) == P and E.decode(P.encode(compressed=True)) == P
        assert hash(P) == hash(k % (E.order * E.cofactor) * G)


@given(st.binary(min_size=32, max_size=32), st.binary(min_size=32, max_size=32))
@settings(max_examples=100, deadline=None)
def test_dh_agreement(a: bytes, b: bytes) -> None:
    A, B = genus.x25519_public(a), genus.x25519_public(b)
    assert genus.x25519(a, B) == genus.x25519(b, A)
    da = int.from_bytes(a, "big") % (P256.order - 1) + 1
    db = int.from_bytes(b, "big") % (P256.order - 1) + 1
    assert genus.ecdh(P256, da, genus.public_key(P256, db)) == genus.ecdh(P256, db, genus.public_key(P256, da))
    sa, sb = a[:32], b[:32]
    # a secret whose bits 250..0 are zero maps the base point to the identity: refused
    assume(all(int.from_bytes(x, "little") % (1 << 251) for x in (sa, sb)))
    assert genus.kummer.dh(sa, genus.kummer.public_key(sb)) == genus.kummer.dh(sb, genus.kummer.public_key(sa))


@given(st.integers(min_value=0, max_value=(1 << 255) - 20))
@settings(max_examples=200, deadline=None)
def test_element_round_trips(x: int) -> None:
    F = ED.field
    e = F(x)
    assert F.from_bytes(bytes(e)) == e and int(e) == x and F(int(e)) == e and hash(F(x)) == hash(e)


def in_threads(body: Callable[[int], None], count: int = 8) -> None:
    """body(t) in count threads released together; every thread's failure is reported."""
    errors: list = []
    start = threading.Barrier(count)

    def run(t: int) -> None:
        start.wait()
        try:
            body(t)
        except Exception as e:  # reported below, with the thread
            errors.append((t, repr(e)))

    threads = [threading.Thread(target=run, args=(t,)) for t in range(count)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors


def test_threads_share_one_curve(rng: random.Random) -> None:
    """8 threads multiply on the same curve objects at once; every result is checked against one
    computed before the threads start."""
    work = []
    for E in (P256, ED, B163, genus.Curve.named("P-521")):
        for _ in range(12):
            k = rng.randrange(E.order)
            work.append((E, k, k * E.generator))
    secrets = [(rng.randbytes(32), rng.randbytes(32)) for _ in range(8)]
    want_x = [genus.x25519(a, genus.x25519_public(b)) for a, b in secrets]

    def body(t: int) -> None:
        for i in range(5):
            for E, k, want in work[t::2]:
                assert E.mul(k) == want and k * E.generator == want
            a, b = secrets[t]
            assert genus.x25519(a, genus.x25519_public(b)) == want_x[t]

    in_threads(body)


def test_threads_on_the_pari_kernel(rng: random.Random) -> None:
    """The PARI kernel from 8 Python threads at once: each thread gets its own PARI stack
    (src/backend/pari.c); every result is checked against the default kernel's."""
    try:
        P256.mul(3, kernel="pari")
    except genus.Error:
        pytest.skip("a build without the PARI kernel")
    work = [(k, k * P256.generator) for k in (rng.randrange(P256.order) for _ in range(16))]

    def body(t: int) -> None:
        for k, want in work[t::4]:
            assert P256.mul(k, kernel="pari") == want

    in_threads(body)
