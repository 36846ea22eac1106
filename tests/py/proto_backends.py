"""One interface over the two protocol calculators, so that vector tests run on every curve genus
has, prime (tests/tools/proto_calc.c) or binary (tests/tools/proto2m_calc.c), without knowing
which: whether genus has a curve is asked of genus itself (a public key of d = 1 under that name).

Points cross as X || Y hex (field-length coordinates); answers are hex or "err <reason>"."""
from __future__ import annotations

import os
from typing import Optional

from conftest import Calc, _binary

# The refusals of the library (gn_strerror with _ for blanks); "err bad_arguments" and
# "err unknown_command" are the calculators' own complaints and never count as a refusal.
TOOL_ERRORS = ("err bad_arguments", "err unknown_command", "err empty")


def refused(answer: str) -> bool:
    return answer.startswith("err ") and answer not in TOOL_ERRORS


class Backend:
    """One curve on one calculator. Methods return command lines; the caller batches them."""

    def __init__(self, calc: Calc, curve: str, binary: bool, fb: int) -> None:
        self.calc, self.curve, self.binary, self.fb = calc, curve, binary, fb

    def xy(self, x: str, y: str) -> str:
        """X || Y, each coordinate written with the field's length (CAVS files pad some to odd
        lengths); a value too long for the field keeps its digits and is genus's to refuse."""
        return "".join("%0*x" % (2 * self.fb, int(v, 16)) for v in (x, y))

    @staticmethod
    def scalar(d: str) -> str:
        """A private key in whole bytes (the calculators read byte strings)."""
        return d if len(d) % 2 == 0 else "0" + d

    def validate(self, xy: str) -> str:
        """-> a line answered by the uncompressed point (prime) / "ok" (binary), or err."""
        if self.binary:
            return "validate %s 04%s" % (self.curve, xy)
        return "pubdecode %s raw %s" % (self.curve, xy)

    def pub(self, d: str) -> str:
        """-> a line answered by [d]G as X || Y (prime) / 04 X || Y (binary), or err."""
        if self.binary:
            return "pub %s %s" % (self.curve, self.scalar(d) or "-")
        return "pub %s %s raw" % (self.curve, self.scalar(d) or "-")

    def pub_xy(self, answer: str) -> str:
        """X || Y from an answer of pub()."""
        return answer[2:] if self.binary and answer.startswith("04") else answer

    def ecdh(self, d: str, pub: str, fmt: str = "raw") -> str:
        """SEC1 3.3.1 ECDH of private key d (hex) with a public key given as raw X || Y, sec1
        (02/03/04 ...) or spki (DER SubjectPublicKeyInfo)."""
        if self.binary:
            if fmt == "spki":
                return "ecdh_spki %s %s %s" % (self.curve, self.scalar(d) or "-", pub or "-")
            return "ecdh %s %s %s" % (self.curve, self.scalar(d) or "-", ("04" + pub) if fmt == "raw" else (pub or "-"))
        return "ecdh %s %s %s %s" % (self.curve, fmt, self.scalar(d) or "-", pub or "-")


_calcs: dict[str, Calc] = {}
_found: dict[str, Optional[Backend]] = {}


def _calc(var: str) -> Calc:
    if var not in _calcs:
        _calcs[var] = Calc(_binary(var))
    return _calcs[var]


def backend(curve: str) -> Optional[Backend]:
    """The calculator that has `curve` (a genus name or alias), or None when genus has no such
    curve; the field length comes from genus's [1]G."""
    if curve in _found:
        return _found[curve]
    found = None
    for var, binary in (("GENUS_PROTO_CALC", False), ("GENUS_PROTO2M_CALC", True)):
        if not os.environ.get(var):
            continue
        c = _calc(var)
        probe = Backend(c, curve, binary, 0)
        (g,) = c.run([probe.pub("01")])
        if g.startswith("err"):
            continue
        fb = len(probe.pub_xy(g)) // 4
        found = Backend(c, curve, binary, fb)
        break
    _found[curve] = found
    return found
