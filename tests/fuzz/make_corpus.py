#!/usr/bin/env python3
"""Writes the seed corpora, corpus/<target>/*, from the test vectors (tests/vectors/README.md:
Wycheproof is Apache-2.0, the others factual data) and data/curves.json, so that mutations start
next to both valid encodings and the malformed ones a strict decoder must refuse.

    python3 tests/fuzz/make_corpus.py [TARGET...]

rewrites the generated files of the named targets (all by default). The regression inputs
(corpus/<target>/regress_*) are not written here and are kept."""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VECTORS = HERE.parent / "vectors"
CURVES = json.loads((ROOT / "data" / "curves.json").read_text())["curves"]


def wycheproof(stem):
    doc = json.loads((VECTORS / "wycheproof" / f"{stem}.json").read_text())
    return [t for g in doc["testGroups"] for t in g["tests"]]


def by_comment(cases, comment):
    return next(t for t in cases if t["comment"] == comment)


def write(target, name, data):
    d = HERE / "corpus" / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(bytes(data))


def clear(target):
    d = HERE / "corpus" / target
    if d.is_dir():
        for f in d.iterdir():
            if not f.name.startswith("regress_"):
                f.unlink()


def spki():
    """The `public` SubjectPublicKeyInfo of chosen Wycheproof ECDH cases: the normal case, the
    compressed point, explicit parameters (UnnamedCurve), another curve's key, and InvalidAsn
    cases (non-minimal and oversized lengths, indefinite form, truncation) that Wycheproof deems
    acceptable and genus's strict reader refuses. Cases are chosen by comment (tcIds differ
    between files)."""
    common = ["normal case", "compressed public key", "length of sequence uses long form encoding",
              "truncated bit string"]
    chosen = {
        "ecdh_secp256r1_test": common + ["order = 0", "Public key uses wrong curve: brainpoolP256r1",
                                         "length of sequence = 2**32 - 1", "indefinite length with additional element",
                                         "uint64 overflow in length of oid", "length of bit string = 2**32 - 1",
                                         "truncated length of bit string"],
        "ecdh_secp384r1_test": common,
        "ecdh_brainpoolP256r1_test": common,
        "ecdh_secp521r1_test": ["normal case", "compressed public key"],
    }
    for stem, comments in chosen.items():
        cases = wycheproof(stem)
        curve = stem.split("_")[1]
        for c in comments:
            t = by_comment(cases, c)
            write("spki", f"{curve}_{t['tcId']}.der", bytes.fromhex(t["public"]))
    spki_binary()


def der(tag, body):
    n = len(body)
    ln = bytes([n]) if n < 0x80 else bytes([0x81, n]) if n < 0x100 else bytes([0x82, n >> 8, n & 0xff])
    return bytes([tag]) + ln + body


def spki_binary():
    """SubjectPublicKeyInfo of the base points of fuzz_spki.c's binary curves (SEC 2 OIDs
    1.3.132.0.x), uncompressed and compressed."""
    oids = {"B-163": 15, "K-283": 16, "B-571": 39}
    for name, arc in oids.items():
        c = CURVES[name]
        exps = c["reduction_polynomial_exponents"]
        f = sum(1 << e for e in exps)
        L = (exps[0] + 7) // 8
        gx, gy = int(c["Gx"], 16), int(c["Gy"], 16)
        z = gf2_mulmod(gy, gf2_inv(gx, f), f)
        alg = der(0x30, der(0x06, bytes.fromhex("2a8648ce3d0201")) + der(0x06, bytes([0x2b, 0x81, 4, 0, arc])))
        for tag, pt in (("g", b"\x04" + gx.to_bytes(L, "big") + gy.to_bytes(L, "big")),
                        ("gc", bytes([2 | (z & 1)]) + gx.to_bytes(L, "big"))):
            write("spki", f"{name.replace('-', '')}_{tag}.der", der(0x30, alg + der(0x03, b"\x00" + pt)))


# The curves of fuzz_ec_point.c, in its order (the first input byte picks one).
EC_POINT_CURVES = ["P-256", "P-256 generic", "P-224", "P-521", "secp256k1", "brainpoolP256r1", "brainpoolP160r1",
                   "curve25519", "curve448", "edwards25519", "edwards448", "toy1", "toy4", "toy4 montgomery",
                   "toy4 edwards", "toy4 jacobi-quartic"]
TOY = {"toy1": (0xfff1, 0x9b14, 0x225f), "toy4": (0xfff1, 0xf33, 0x4189)}


def sec1(p, x, y, compressed):
    fb = (p.bit_length() + 7) // 8
    if compressed:
        return bytes([2 | (y & 1)]) + x.to_bytes(fb, "big")
    return b"\x04" + x.to_bytes(fb, "big") + y.to_bytes(fb, "big")


def ec_point():
    """Each curve's base point, uncompressed and compressed and raw; the Wycheproof `ecpoint`
    cases (SEC1 points: valid, compressed, off the curve, coordinates out of range) of P-224,
    P-256 and P-521; for the derived toy curves, whose points are found by mutation, x = 1."""
    for i, name in enumerate(EC_POINT_CURVES):
        base = name.split()[0]
        tag = name.replace(" ", "_").replace("-", "")
        if base in TOY:
            p, gx, gy = TOY[base]
        elif base in CURVES:
            c = CURVES[base]
            p = int(c["p"], 16)
            gx, gy = (int(c["u"], 16), int(c["v"], 16)) if "u" in c else (int(c["Gx"], 16), int(c["Gy"], 16))
        if name != base and base in TOY:
            write("ec_point", f"{tag}_x1", bytes([i]) + sec1(p, 1, 0, True))
            continue
        write("ec_point", f"{tag}_g", bytes([i]) + sec1(p, gx, gy, False))
        write("ec_point", f"{tag}_gc", bytes([i]) + sec1(p, gx, gy, True))
        write("ec_point", f"{tag}_graw", bytes([i]) + sec1(p, gx, gy, False)[1:])
    comments = ["normal case", "compressed public key", "point is not on curve", "invalid public key",
                "public key is a low order point on twist", "point with coordinate x = 0",
                "y-coordinate of the public key is large", "CVE-2017-8932"]
    for curve, idx in [("secp224r1", 2), ("secp256r1", 0), ("secp521r1", 3)]:
        cases = wycheproof(f"ecdh_{curve}_ecpoint_test")
        for c in comments:
            t = next((t for t in cases if t["comment"] == c), None)
            if t is not None:
                write("ec_point", f"{curve}_{t['tcId']}", bytes([idx]) + bytes.fromhex(t["public"]))


# The curves of fuzz_ec2m_point.c, in its order: named ones, then (exponents, a, b) without a base point.
EC2M_POINT_CURVES = ["B-163", "K-163", "B-233", "K-283", "B-409", "B-571", ([113, 9, 0],), ([130, 3, 0],),
                     ([200, 5, 3, 2, 0],), ([11, 2, 0],), ([12, 3, 0],), ([8, 4, 3, 1, 0],)]


def gf2_mulmod(a, b, f):
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> (f.bit_length() - 1) & 1:
            a ^= f
    return r


def gf2_inv(a, f):
    m = f.bit_length() - 1
    r, e = 1, (1 << m) - 2  # a^(2^m - 2)
    while e:
        if e & 1:
            r = gf2_mulmod(r, a, f)
        a = gf2_mulmod(a, a, f)
        e >>= 1
    return r


def ec2m_point():
    """Each named curve's base point, uncompressed and compressed (the bit of y/x), and for the
    curves without one, the compressed x = 1 and x = 0."""
    for i, spec in enumerate(EC2M_POINT_CURVES):
        if isinstance(spec, tuple):
            m = spec[0][0]
            L = (m + 7) // 8
            write("ec2m_point", f"m{m}_x1", bytes([i, 2]) + (1).to_bytes(L, "big"))
            write("ec2m_point", f"m{m}_x0", bytes([i, 2]) + bytes(L))
            continue
        c = CURVES[spec]
        exps = c["reduction_polynomial_exponents"]
        f = sum(1 << e for e in exps)
        L = (exps[0] + 7) // 8
        gx, gy = int(c["Gx"], 16), int(c["Gy"], 16)
        z = gf2_mulmod(gy, gf2_inv(gx, f), f)
        tag = spec.replace("-", "")
        write("ec2m_point", f"{tag}_g", bytes([i, 4]) + gx.to_bytes(L, "big") + gy.to_bytes(L, "big"))
        write("ec2m_point", f"{tag}_gc", bytes([i, 2 | (z & 1)]) + gx.to_bytes(L, "big"))


def xdh():
    """RFC 7748's single-step vectors and up to three Wycheproof cases of each flag (low-order,
    non-canonical and twist public keys, edge-case scalars and shared secrets), as u || scalar
    behind the byte that picks the curve (bit 0) and fuzz_xdh.c's further check (the rest,
    cycled over the six)."""
    rfc = json.loads((VECTORS / "rfc7748.json").read_text())
    n = 0
    for cv, name in ((0, "x25519"), (1, "x448")):
        for i, t in enumerate(rfc[name]["single"]):
            write("xdh", f"{name}_rfc{i + 1}", bytes([cv | (n % 6) << 1]) + bytes.fromhex(t["u"] + t["scalar"]))
            n += 1
        seen = {}
        for t in wycheproof(f"{name}_test"):
            flag = t["flags"][0]
            if seen.get(flag, 0) >= 3:
                continue
            seen[flag] = seen.get(flag, 0) + 1
            write("xdh", f"{name}_{t['tcId']}",
                  bytes([cv | (n % 6) << 1]) + bytes.fromhex(t["public"] + t["private"]))
            n += 1


def kummer():
    """The SUPERCOP and qDSA base points, the identity, and the SUPERCOP known answers' outputs,
    each followed by a secret (the known answers' scalars, whose first byte also picks the ladder
    fuzz_kummer.c compares with)."""
    doc = json.loads((VECTORS / "kummer_gs127.json").read_text())
    pts = {"base": doc["base_points"]["supercop_kummer"]["bytes"], "qdsa": doc["base_points"]["qdsa"]["bytes"],
           "identity": doc["identity"]["supercop_bytes"]}
    kats = doc["known_answer_tests"]["supercop_simple"]
    for i, t in enumerate(kats):
        pts[f"kat{i}"] = t["output"]
    scalars = [t["scalar"] for t in kats]
    for i, (name, pk) in enumerate(pts.items()):
        write("kummer", name, bytes.fromhex(pk + scalars[i % len(scalars)]))
    write("kummer", "base_only", bytes.fromhex(pts["base"]))


def sqrt_mod(a, p):
    """A square root of a modulo the odd prime p (Tonelli-Shanks), or None."""
    a %= p
    if a == 0:
        return 0
    if pow(a, (p - 1) // 2, p) != 1:
        return None
    q, s = p - 1, 0
    while q % 2 == 0:
        q, s = q // 2, s + 1
    z = next(z for z in range(2, p) if pow(z, (p - 1) // 2, p) == p - 1)
    m, c, t, r = s, pow(z, q, p), pow(a, q, p), pow(a, (q + 1) // 2, p)
    while t != 1:
        i, t2 = 0, t
        while t2 != 1:
            t2, i = t2 * t2 % p, i + 1
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


# The curves of fuzz_g2.c, in its order: (p, f0..f6, split); None is the Rosenhain curve.
G2_P127 = 2**127 - 1
G2_CURVES = [None, (0xfff1, [11, 7, 0, 3, 0, 1, 0], 0), (0xfff1, [5, 3, 2, 0, 9, 1, 4], 1),
             (0xfff1, [5, 3, 2, 0, 9, 1, 17], 0), (G2_P127, [1, 2, 3, 4, 5, 6, 9], 1),
             (0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff, [1, 0, 0, 0, 7, 2, 0], 0)]


def g2_points(spec):
    """(p, f, split, two affine points) of a curve of fuzz_g2.c."""
    if spec is None:
        p = G2_P127
        f = [1]
        for r in (0, 1, 0x15555555555555555555555555555552, 0x73e334fbb315130e05a505c31919a746,
                  0x552ab1b63bf799716b5806482d2d21f3):
            f = [((f[k - 1] if k else 0) - r * (f[k] if k < len(f) else 0)) % p for k in range(len(f) + 1)]
        f += [0]
        split = 0
    else:
        p, f, split = spec
    pts = []
    for x in range(1, 200):
        y = sqrt_mod(sum(c * x**k for k, c in enumerate(f)), p)
        if y:
            pts.append((x, y))
        if len(pts) == 2:
            break
    return p, f, split, pts


def cli_divisor():
    """Divisor arguments on each curve of fuzz_g2.c: "identity", "U0 V0", "U1 U0 V1 V0" (the sum
    of two points, as g2()), with n=N on the split sextics."""
    for i, spec in enumerate(G2_CURVES):
        p, f, split, ((x1, y1), (x2, y2)) = g2_points(spec)
        v1 = (y1 - y2) * pow(x1 - x2, -1, p) % p
        v0 = (y1 - v1 * x1) % p
        texts = {"identity": "identity", "deg2": "%x %x %x %x" % ((-(x1 + x2)) % p, x1 * x2 % p, v1, v0)}
        if not (f[6] and not split):
            texts["deg1"] = "0x%x,0x%x" % ((-x1) % p, y1)
        if split:
            texts.update({"n0": "n=0", "n2": "n=2", "deg1_n1": "%x %x n=1" % ((-x1) % p, y1), "deg2_n0": texts["deg2"] + " n=0"})
        for tag, t in texts.items():
            write("cli_divisor", f"c{i}_{tag}", bytes([i]) + t.encode())


def g2():
    """For each curve of fuzz_g2.c, in decoding mode: the neutral element, two points (degree 1,
    where the curve has them as elements), their sum as a degree-2 element (u the product of the
    x - x_i, v the line through the points), and its negation; in constructing mode, a scalar and
    random bytes for the generator."""
    for i, spec in enumerate(G2_CURVES):
        if spec is None:
            p = G2_P127
            f = [1]
            for r in (0, 1, 0x15555555555555555555555555555552, 0x73e334fbb315130e05a505c31919a746,
                      0x552ab1b63bf799716b5806482d2d21f3):
                f = [((f[k - 1] if k else 0) - r * (f[k] if k < len(f) else 0)) % p for k in range(len(f) + 1)]
            f += [0]
            split = 0
        else:
            p, f, split = spec
        fb = (p.bit_length() + 7) // 8
        n6 = len(G2_CURVES)
        enc = lambda first, co: bytes([i, first]) + b"".join((c % p).to_bytes(fb, "big") for c in co)
        write("g2", f"c{i}_identity", enc(1 if split else 0, [0, 0, 0, 0]))
        pts = []
        for x in range(1, 200):
            y = sqrt_mod(sum(c * x**k for k, c in enumerate(f)), p)
            if y:
                pts.append((x, y))
            if len(pts) == 2:
                break
        (x1, y1), (x2, y2) = pts
        if not (f[6] and not split):  # degree 1: no rational element of degree 1 on non-split sextics
            write("g2", f"c{i}_deg1", enc(1, [0, -x1, 0, y1]))
        v1 = (y1 - y2) * pow(x1 - x2, -1, p) % p
        v0 = (y1 - v1 * x1) % p
        write("g2", f"c{i}_deg2", enc(2, [-(x1 + x2), x1 * x2, v1, v0]))
        write("g2", f"c{i}_deg2neg", enc(2, [-(x1 + x2), x1 * x2, -v1, -v0]))
        write("g2", f"c{i}_random", bytes([i + n6, 0x12, 0x34]) + bytes(range(7, 7 + 4 * fb)))


def mp_hex():
    """Hex texts at the edges of gn_mp_from_hex (prefixes, case, leading zeros, a value filling its
    limbs exactly and by one digit too many), and field elements: each prime of fuzz_mp_hex.c, p
    and p - 1, big- and little-endian (byte 0 picks the limb count and the field)."""
    texts = ["0", "0x0", "0X0", "00000000000000000000", "deadBEEF", "0xffffffffffffffff", "10000000000000000",
             "ffffffffffffffffffffffffffffffff", "0x" + "f" * 64, "1" + "0" * 64, "0x", "", "x1", "0x0x1",
             "12 34", "-1", "CAFEbabe" * 9]
    for i, t in enumerate(texts):
        write("mp_hex", f"text{i}", bytes([i * 11 % 256]) + t.encode())
    primes = [0xfff1, 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff, 2**255 - 19, 2**521 - 1]
    for fi, p in enumerate(primes):
        fb = (p.bit_length() + 7) // 8
        for v, tag in ((p, "p"), (p - 1, "pm1")):
            write("mp_hex", f"field{fi}_{tag}_be", bytes([fi << 5]) + v.to_bytes(fb, "big"))
            write("mp_hex", f"field{fi}_{tag}_le", bytes([fi << 5 | 1]) + v.to_bytes(fb, "little"))


def f2m_poly():
    """Reduction polynomials for fuzz_f2m_poly.c: the NIST ones of data/curves.json, small and
    middle-sized trinomials and pentanomials (irreducible: x^2 + x + 1, x^11 + x^2 + 1,
    x^113 + x^9 + 1, x^8 + x^4 + x^3 + x + 1, x^200 + x^5 + x^3 + x^2 + 1; reducible:
    x^4 + x^2 + 1 = (x^2 + x + 1)^2, x^8 + x^4 + x^3 + x^2 + 1's neighbour x^10 + x^5 + 1), on
    each multiplier in turn, followed by the bytes of two elements."""
    polys = [c["reduction_polynomial_exponents"] for c in CURVES.values() if "reduction_polynomial_exponents" in c]
    polys = [list(p) for p in dict.fromkeys(tuple(p) for p in polys)]
    polys += [[2, 1, 0], [11, 2, 0], [113, 9, 0], [8, 4, 3, 1, 0], [200, 5, 3, 2, 0], [4, 2, 0], [10, 5, 0],
              [571, 570, 569, 568, 0], [572, 1, 0]]
    for i, ex in enumerate(polys):
        m = ex[0]
        L = (m + 7) // 8
        data = bytes([len(ex) + 7 * (i % 3)]) + b"".join(e.to_bytes(2, "big") for e in ex)
        data += bytes((17 * k + 3) % 256 for k in range(2 * L))
        write("f2m_poly", "poly_" + "_".join(map(str, ex)), data)


def drbg():
    """Programs for fuzz_drbg.c: each mechanism instantiated (32 entropy bytes per seed, a 16-byte
    nonce or one drawn from the source, a personalization string), then generate requests of a few
    and 8191 bytes with and without additional input and prediction resistance, a reseed, a reseed
    interval of 1 (a reseed before every other request), a failing source, the 2^16-byte limit
    and one past it, the rng adapter over two requests, uninstantiate; and refused set-ups (short
    nonce, 16 and 513 entropy bytes, unknown mechanisms)."""
    def gen(n, flags=0, add=b""):
        if n < 256:
            ln = bytes([0x80, n])
        elif n < 8192:
            ln = bytes([0x20 | n >> 8, n & 0xff])
        else:
            ln = bytes([0xfe, n - 65535])
        return b"\x00" + ln + bytes([flags | (4 if add else 0), len(add)]) + add
    body = (gen(33) + gen(64, 2, b"additional") + b"\x01\x05salt!" + gen(100, 3) + b"\x02\x01" + gen(17) + gen(18, 2)
            + b"\x03" + gen(5, 1) + gen(5) + b"\x03" + gen(300, 2) + b"\x05\x40\x41" + b"\x06" + b"\x04" + gen(4))
    limits = [gen(65536) + gen(65537) + b"\x05\xfe\x02" + b"\x04" + b"\x05\xfe\x02",
              gen(8191, 2) + gen(65537) + b"\x06\x04" + gen(65536)]
    for m in range(4):
        for pr in (0, 1):
            head = bytes([3 + 10 * m, pr | 4 * m, 0x77, 16]) + bytes(range(16)) + bytes([12]) + b"personalized"
            write("drbg", f"mech{m}_pr{pr}", head + body)
        if m in (0, 3):  # slow: two of the four
            write("drbg", f"mech{m}_limits", head + limits[m // 3])
        write("drbg", f"mech{m}_drawn_nonce", bytes([3 + 10 * m, 2, 0x11, 0, 0]) + body)
    write("drbg", "source_fails", bytes([3, 0x1c, 0x14, 16]) + bytes(16) + b"\x00" + gen(40) + b"\x03" + gen(40))
    for name, b0, nl in (("short_nonce", 3, 15), ("entropy16", 1, 16), ("entropy513", 9, 16), ("mech0", 43, 16),
                         ("mech5", 53, 16), ("entropy48", 5, 20)):
        write("drbg", name, bytes([b0, 0, 0x13, nl]) + bytes(nl) + b"\x00" + gen(40) + b"\x01\x00" + gen(40))
    write("drbg", "rng_before", bytes([3, 0, 0x12, 16]) + bytes(16) + b"\x00\x05\x80\x10" + body)


def cli_point():
    """Points as the command line takes them: each prime curve's base point "X Y" (fuzz_curves.c's
    order, with toy4's forms left to mutation), the named binary curves' base points, the Kummer base
    points (X : Y : Z : T), in various spellings (0x, upper case, commas, tabs, leading zeros)."""
    spell = [lambda x, y: f"{x:x} {y:x}", lambda x, y: f"0x{x:X},0X{y:x}", lambda x, y: f"\t{x:080x}  {y:x} "]
    for i, name in enumerate(EC_POINT_CURVES):
        base = name.split()[0]
        if name != base:
            continue
        if base in TOY:
            p, gx, gy = TOY[base]
        else:
            c = CURVES[base]
            gx, gy = (int(c["u"], 16), int(c["v"], 16)) if "u" in c else (int(c["Gx"], 16), int(c["Gy"], 16))
        write("cli_point", f"prime_{name.replace('-', '')}", bytes([3 * i]) + spell[i % 3](gx, gy).encode())
    for i, spec in enumerate(EC2M_POINT_CURVES):
        if isinstance(spec, tuple):
            continue
        c = CURVES[spec]
        write("cli_point", f"binary_{spec.replace('-', '')}",
              bytes([3 * i + 1]) + spell[i % 3](int(c["Gx"], 16), int(c["Gy"], 16)).encode())
    doc = json.loads((VECTORS / "kummer_gs127.json").read_text())
    for name in ("supercop_kummer", "qdsa"):
        co = [int(v["hex"], 16) for v in doc["base_points"][name]["projective_normalized_x_eq_1"]]
        write("cli_point", f"kummer_{name}", b"\x02" + " ".join("%x" % v for v in co).encode())
    q = 2**127 - 1  # the identity (11 : -22 : -19 : -3)
    write("cli_point", "kummer_identity", b"\x02" + " ".join("%x" % (v % q) for v in (11, -22, -19, -3)).encode())


def cli_curve():
    """Curve files: some entries of data/curves.json as they are (the prime models, a binary curve;
    extra keys included), the toy curves of fuzz_curves.c, a Jacobi quartic written by hand from
    toy4's parameters is left to mutation; genus-2 files (p = 101 and p = 65521, degrees 5 and 6,
    one with f6 a square). Byte 0: 0 for parse_curve_json, 1 for parse_g2_json."""
    for name in ("P-256", "secp256k1", "brainpoolP160r1", "curve25519", "edwards25519", "B-163", "K-233"):
        write("cli_curve", f"curve_{name.replace('-', '')}", b"\x00" + json.dumps(CURVES[name], indent=1).encode())
    toys = {"toy1": {"type": "short_weierstrass_prime", "p": "fff1", "a": "5", "b": "5", "Gx": "9b14", "Gy": "225f",
                     "n": "fe57", "h": "1"},
            "toy4": {"type": "weierstrass", "p": "0xfff1", "a": "ffee", "b": "69", "Gx": "f33", "Gy": "4189",
                     "order": "3ff1", "cofactor": "4"},
            "m11": {"type": "binary_weierstrass", "m": 11, "reduction_polynomial_exponents": [11, 2, 0], "a": "1",
                    "b": "3", "Gx": "0", "Gy": "1", "n": "2", "h": "1"}}
    for name, o in toys.items():
        write("cli_curve", f"curve_{name}", b"\x00" + json.dumps(o).encode())
    g2s = {"g2_101": {"type": "genus2", "p": "65", "f": ["1", "0", "0", "0", "0", "1"]},
           "g2_fff1_5": {"type": "genus2", "p": "fff1", "f": ["b", "7", "0", "3", "0", "1"]},
           "g2_fff1_6split": {"type": "genus2", "p": "fff1", "f": ["5", "3", "2", "0", "9", "1", "4"]},
           "g2_fff1_6": {"type": "genus2", "p": "fff1", "f": ["5", "3", "2", "0", "9", "1", "11"]},
           "g2_singular": {"type": "genus2", "p": "5", "f": ["3", "0", "0", "0", "0", "1"]}}
    for name, o in g2s.items():
        write("cli_curve", name, b"\x01" + json.dumps(o).encode())


TARGETS = {"spki": spki, "ec_point": ec_point, "ec2m_point": ec2m_point, "xdh": xdh, "kummer": kummer, "g2": g2,
           "mp_hex": mp_hex, "f2m_poly": f2m_poly, "drbg": drbg,
           "cli_point": cli_point, "cli_divisor": cli_divisor,
           "cli_curve": cli_curve}

if __name__ == "__main__":
    for name in sys.argv[1:] or TARGETS:
        clear(name)
        TARGETS[name]()
