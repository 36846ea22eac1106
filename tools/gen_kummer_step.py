"""The ladder step of the Gaudry-Schost Kummer surface as genus traces it
(data/programs/gs127-ladder-step.json, from src/tmpl/kummer.tmpl.h), recognised for the
generators that compile it (tools/gen_gs127_mulx.py, tools/gen_gs127_v4.py): the xDBLADD of the
squared model, each piece found in the program by its operations, and checked against the
program on values."""
from gen_program import read_program

PROGRAM = "gs127-ladder-step.json"
P = 2**127 - 1
CONST_MAX = 1 << 12  # the products by constants of both ladders: constants below 2^12


def read_step():
    """The program and its recognised step (recognise), checked on values."""
    prog = read_program(PROGRAM)
    consts = recognise(prog)
    inputs = [(i * 0x9e3779b97f4a7c15 + 12345) % P for i in range(1, 12)]
    got = evaluate(prog, dict(zip(prog["inputs"], inputs)))
    assert got == step_of(consts, inputs[:8], inputs[8:]), "the recognised step differs from the program"
    return prog, consts


class Program:
    """The traced program with its operations found by what they compute."""

    def __init__(self, prog):
        self.prog = prog
        self.ops = {o["id"]: o for o in prog["ops"]}
        self.by = {}
        for o in prog["ops"]:
            self.by.setdefault((o["op"], tuple(o["args"])), []).append(o["id"])
        self.used = set()

    def find(self, op, *args):
        ids = self.by.get((op, args), [])
        assert len(ids) == 1, "no single %s%s in the program: not the squared-model ladder step" % (op, args)
        self.used.add(ids[0])
        return ids[0]

    def hadamard(self, x):
        """H(x) = (x0 + x1 + x2 + x3, x0 + x1 - x2 - x3, x0 - x1 + x2 - x3, x0 - x1 - x2 + x3) in
        the order of kummer.tmpl.h: a = x0 + x1, c = x2 + x3, b = x0 - x1, d = x2 - x3, then
        a + c, a - c, b + d, b - d."""
        a, c = self.find("add", x[0], x[1]), self.find("add", x[2], x[3])
        b, d = self.find("sub", x[0], x[1]), self.find("sub", x[2], x[3])
        return [self.find("add", a, c), self.find("sub", a, c), self.find("add", b, d), self.find("sub", b, d)]

    def by_constant(self, x):
        """(k, negated, id): the product of x by a small constant k, negated or not."""
        ids = [o["id"] for o in self.prog["ops"] if o["op"] == "muls" and o["args"] == [x]]
        assert len(ids) == 1, "no single product of %s by a small constant" % x
        m = ids[0]
        self.used.add(m)
        k = self.ops[m]["k"]
        assert 0 < k < CONST_MAX, "constant %d is not below 2^12 (PC1, PC3)" % k
        negs = [o["id"] for o in self.prog["ops"] if o["op"] == "neg" and o["args"] == [m]]
        if negs:
            self.used.add(negs[0])
            return k, True, negs[0]
        return k, False, m


def recognise(prog):
    """The pieces of the step (lists of op ids by coordinate) and the constants."""
    g = Program(prog)
    P_in, Q_in = ["X1", "Y1", "Z1", "T1"], ["X2", "Y2", "Z2", "T2"]
    hp, hq = g.hadamard(P_in), g.hadamard(Q_in)
    eph = [g.by_constant(hp[i]) for i in range(4)]
    t = [c[2] for c in eph]
    u = [g.find("mul", hp[i], t[i]) for i in range(4)]
    v = [g.find("mul", hq[i], t[i]) for i in range(4)]
    hu, hv = g.hadamard(u), g.hadamard(v)
    s = [g.find("sqr", hu[i]) for i in range(4)]
    r = [g.find("sqr", hv[i]) for i in range(4)]
    eps = [g.by_constant(s[i]) for i in range(4)]
    qw = [r[0]] + [g.find("mul", r[i], "W%d" % i) for i in range(1, 4)]
    out = prog["outputs"]
    assert [out[n] for n in ("X3", "Y3", "Z3", "T3")] == [c[2] for c in eps], "P' is not eps S"
    assert [out[n] for n in ("X4", "Y4", "Z4", "T4")] == qw, "Q' is not (R0, R1 W1, R2 W2, R3 W3)"
    assert g.used == set(g.ops), "operations outside the ladder step: %s" % sorted(set(g.ops) - g.used)
    for c in (eph, eps):
        assert not any(neg for _, neg, _ in c[1:]), "a negated constant outside coordinate 0 (MULCN2)"
    return {"eph": [(k, n) for k, n, _ in eph], "eps": [(k, n) for k, n, _ in eps]}


def evaluate(prog, inputs):
    """The program's outputs on integer inputs modulo p (to check the recognised step below)."""
    val = dict(inputs)
    f = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
         "sqr": lambda a: a * a, "neg": lambda a: -a}
    for o in prog["ops"]:
        args = [val[a] for a in o["args"]]
        val[o["id"]] = (args[0] * o["k"] if o["op"] == "muls" else f[o["op"]](*args)) % P
    return [val[v] for v in prog["outputs"].values()]


def step_of(consts, x, w):
    """The recognised step from its constants, on integers: the reference the program must match."""
    def had(a):
        return [a[0] + a[1] + a[2] + a[3], a[0] + a[1] - a[2] - a[3], a[0] - a[1] + a[2] - a[3],
                a[0] - a[1] - a[2] + a[3]]
    def sign(k, negated):
        return -k if negated else k

    hp, hq = had(x[:4]), had(x[4:])
    t = [sign(*consts["eph"][i]) * hp[i] for i in range(4)]
    hu, hv = had([hp[i] * t[i] for i in range(4)]), had([hq[i] * t[i] for i in range(4)])
    p2 = [sign(*consts["eps"][i]) * hu[i] ** 2 for i in range(4)]
    q2 = [hv[0] ** 2] + [hv[i] ** 2 * w[i - 1] for i in range(1, 4)]
    return [v % P for v in p2 + q2]
