"""genus: elliptic and genus-2 curve arithmetic for cryptography, from Python.

The arithmetic is the genus C library's (compiled into genus._genus_ffi); this package gives it
Python types: fields and their elements, curves and points, key exchange, DRBGs and hashes.
docs/PYTHON.md has a tour, the error model and the notes on threads and leakage."""
from __future__ import annotations

from genus import kummer
from genus._lib import Error, ffi, lib
from genus.curve import BINARY_METHODS, COORDS, METHODS, MODELS, Curve, Point, curves
from genus.drbg import MECHANISMS, Drbg
from genus.field import F2M_KERNELS, FP_KERNELS, BinaryField, Element, ExtensionField, PrimeField
from genus.jacobian import Divisor, Jacobian
from genus.program import Program, trace
from genus.protocols import (KEY_FORMATS, MqvSession, ecdh, elgamal_decrypt, elgamal_encrypt, keygen, mqv,
                             mqv_primitive, public_key, x448, x448_public, x25519, x25519_public)
from genus.sym import HASHES, hkdf, hkdf_expand, hkdf_extract, hmac, kdf_x963, sha2

__version__ = ffi.string(lib.gn_version()).decode()

__all__ = [
    "Error", "PrimeField", "BinaryField", "ExtensionField", "Element", "Curve", "Point", "curves", "Jacobian", "Divisor", "Program", "trace", "keygen", "public_key", "ecdh",
    "x25519", "x448", "x25519_public", "x448_public", "mqv", "mqv_primitive", "MqvSession",
    "elgamal_encrypt", "elgamal_decrypt", "kummer", "Drbg", "sha2", "hmac", "hkdf", "hkdf_extract",
    "hkdf_expand", "kdf_x963", "FP_KERNELS", "F2M_KERNELS", "MODELS", "COORDS", "METHODS", "BINARY_METHODS",
    "KEY_FORMATS", "MECHANISMS", "HASHES", "__version__",
]
