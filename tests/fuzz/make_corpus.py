#!/usr/bin/env python3
"""Writes the seed corpus (corpus/*.der) from Wycheproof's ECDH vectors (tests/vectors/README.md):
the `public` SubjectPublicKeyInfo of a few chosen cases, so that mutations start next to both the
valid encodings and the malformed ones that a strict DER reader must refuse. Re-run after
changing the selection; the regression inputs (corpus/regress_*.der) are not written here."""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent / "vectors" / "wycheproof"

# Cases by their Wycheproof comment (tcIds differ between files): the normal case, the compressed
# point, explicit parameters (UnnamedCurve), another curve's key, and InvalidAsn cases
# (non-minimal and oversized lengths, indefinite form, truncation) that Wycheproof deems
# acceptable and genus's strict reader refuses.
COMMON = ["normal case", "compressed public key", "length of sequence uses long form encoding",
          "truncated bit string"]
CHOSEN = {
    "ecdh_secp256r1_test": COMMON + ["order = 0", "Public key uses wrong curve: brainpoolP256r1",
                                     "length of sequence = 2**32 - 1", "indefinite length with additional element",
                                     "uint64 overflow in length of oid", "length of bit string = 2**32 - 1",
                                     "truncated length of bit string"],
    "ecdh_secp384r1_test": COMMON,
    "ecdh_brainpoolP256r1_test": COMMON,
    "ecdh_secp521r1_test": ["normal case", "compressed public key"],
}

for stem, comments in CHOSEN.items():
    doc = json.loads((VECTORS / f"{stem}.json").read_text())
    cases = [t for g in doc["testGroups"] for t in g["tests"]]
    curve = stem.split("_")[1]
    for c in comments:
        t = next(t for t in cases if t["comment"] == c)
        name = f"{curve}_{t['tcId']}.der"
        (HERE / "corpus" / name).write_bytes(bytes.fromhex(t["public"]))
