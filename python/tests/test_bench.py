"""The Python benchmark's plumbing on made-up results (no timing is asserted anywhere): the
table, the targets, the TSC rate taken from the C results and the picture."""
from __future__ import annotations

import io
import json

import pytest

from genus import bench

RESULTS = [
    {"name": "mul_p256", "impl": "genus", "cycles": 2600.0, "ns": 1000.0, "runs": 5},
    {"name": "mul_p256", "impl": "openssl", "cycles": 5200.0, "ns": 2000.0, "runs": 5},
    {"name": "mul_p256", "impl": "python-genus", "ns": 1100.0, "runs": 5, "layer": "python"},
    {"name": "mul_p256", "impl": "cypari2", "ns": 22000.0, "runs": 5, "layer": "python"},
    {"name": "x25519", "impl": "python-genus", "ns": 500.0, "runs": 5, "layer": "python"},
    {"name": "x25519", "impl": "cryptography", "ns": 400.0, "runs": 5, "layer": "python"},
]


def test_table_and_targets() -> None:
    out = io.StringIO()
    bench.table(RESULTS, out)
    bench.targets(RESULTS, out)
    text = out.getvalue()
    assert "(Python layer: +10.0%)" in text and "0.05" in text and "1.25" in text
    assert "overhead on mul_p256: +10.0% (target <= 15%): met" in text
    assert "x25519                 vs cryptography 1.250 (target <= 1.0): MISSED" in text
    assert bench.tsc_per_ns(RESULTS) == 2.6


def test_plot(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    prefix = str(tmp_path / "b")  # type: ignore[operator]
    paths = bench.plot(RESULTS, prefix, "test")
    assert paths == [prefix + ".png", prefix + ".svg"]
    with open(prefix + ".png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    with open(prefix + ".svg") as f:
        assert "<svg" in f.read()


def test_main_plot(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "bench.json"  # type: ignore[operator]
    path.write_text(json.dumps({"cpu": "test", "results": RESULTS}))
    assert bench.main(["--plot", str(path)]) == 0
    assert (tmp_path / "bench.png").exists()  # type: ignore[operator]
