"""Kummer surfaces against the Python reference of tests/py/kummer_ref.py (Gaudry's formulas in
the squared model, written from the papers), every ladder of the gs127 surface against the
others, and a random squared surface."""
from __future__ import annotations

import random

import kummer_ref
import pytest

import genus

P127 = 2**127 - 1


def test_gs127_against_the_reference(rng: random.Random) -> None:
    R = kummer_ref.SquaredKummer(P127, (11, -22 % P127, -19 % P127, -3 % P127))
    S = genus.kummer.Surface.gs127(ladder="generic")
    for _ in range(5):
        sk, pk = genus.kummer.keygen(seed=rng.randbytes(16))
        P = S.decode(pk)
        RP = P.coordinates
        assert R.on_surface(RP)
        assert kummer_ref.proj_eq(P.double().coordinates, R.xdbl(RP), P127)
        k = rng.randrange(1, 1 << 64)
        assert kummer_ref.proj_eq((k * P).coordinates, R.ladder(k, RP), P127)
        P2, P3 = 2 * P, 3 * P
        assert S.diff_add(P2, P, P) == P3 and kummer_ref.proj_eq(P3.coordinates, R.xadd(P2.coordinates, RP, RP), P127)
        assert S.decode(P3.encode()) == P3 and hash(S.decode(P3.encode())) == hash(P3)
    assert (5 * S.identity) == S.identity


def test_ladders_agree(rng: random.Random) -> None:
    surfaces = {}
    for name in genus.kummer.LADDERS:
        try:
            surfaces[name] = genus.kummer.Surface.gs127(ladder=name)
        except genus.Error:
            continue
    assert "generic" in surfaces and "gs127-v4" in surfaces
    for _ in range(10):
        _, pk = genus.kummer.keygen(seed=rng.randbytes(16))
        k = rng.getrandbits(251)
        assert len({(k * S.decode(pk)).coordinates for S in surfaces.values()}) == 1


def test_random_surface(rng: random.Random) -> None:
    p, ran = 1000003, 0
    for _ in range(10):
        mu = [rng.randrange(1, p) for _ in range(4)]
        try:
            S = genus.kummer.Surface(p, mu)
        except genus.Error:
            continue
        R = kummer_ref.SquaredKummer(p, tuple(mu))
        Q = R.random_point(rng)
        if not all(Q):
            continue
        P = S(*Q)
        for k in (1, 2, 3, 17, rng.randrange(1 << 40)):
            assert kummer_ref.proj_eq((k * P).coordinates, R.ladder(k, Q), p)
        ran += 1
    assert ran >= 3
    with pytest.raises(genus.Error):
        genus.kummer.Surface(p, [1, 2, 3])
    S = genus.kummer.Surface.gs127()
    with pytest.raises(genus.Error):
        S(1, 2, 3, 4)
    with pytest.raises(genus.Error):
        S.decode(b"\x01" * 48)
