"""Traced programs (data/programs) for the assembly generators: reading them, and the list
schedule that orders a generator's instructions for an out-of-order core."""
import json
import os

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "programs")


def read_program(name):
    """A formula as genus traces it from its template (data/programs, kept current by make check)."""
    with open(os.path.join(PROGRAMS, name)) as f:
        return json.load(f)


def needed(prog, outputs):
    """The ids of the operations that the named outputs depend on (the program restricted to them,
    e.g. a ladder step's doubling half)."""
    ops = {o["id"]: o for o in prog["ops"]}
    keep, todo = set(), [prog["outputs"][nm] for nm in outputs]
    while todo:
        v = todo.pop()
        if isinstance(v, int) and v not in keep:
            keep.add(v)
            todo.extend(ops[v]["args"])
    return keep


def schedule(instrs, read_args, cost, overlap, products=None):
    """The instructions (tuples: kind, result, ...) reordered for an out-of-order core: a list
    schedule on a model where an instruction of kind k takes cost[k] to finish (a product: 1.0)
    and a product may start `overlap` after the one before it; among those that can start first,
    the one with the longest path after it. Products off the critical path so land between those
    on it, as a hand schedule puts them: a product that waits on the one before it stalls.
    products: the kinds that use the multiplier, each the number of products it holds (default:
    mul and sqr, one each)."""
    products = products or {"mul": 1, "sqr": 1}
    made = {ins[1]: k for k, ins in enumerate(instrs)}
    users = [[] for _ in instrs]
    for k, ins in enumerate(instrs):
        for a in read_args(ins):
            if a in made:
                users[made[a]].append(k)
    height = [0.0] * len(instrs)
    for k in reversed(range(len(instrs))):
        height[k] = cost[instrs[k][0]] + max([height[u] for u in users[k]] + [0.0])
    done, finish, order = set(), {}, []
    unit_free = 0.0
    while len(order) < len(instrs):
        best = None
        for k, ins in enumerate(instrs):
            if k in done or any(a in made and made[a] not in done for a in read_args(ins)):
                continue
            start = max([finish[made[a]] for a in read_args(ins) if a in made] + [0.0])
            if ins[0] in products:
                start = max(start, unit_free)
            key = (start, -height[k], k)
            if best is None or key < best[0]:
                best = (key, k)
        (start, _, _), k = best
        if instrs[k][0] in products:
            unit_free = start + overlap * products[instrs[k][0]]
        finish[k] = start + cost[instrs[k][0]]
        done.add(k)
        order.append(instrs[k])
    return order


class Frame:
    """Where a point routine generated from a program keeps its values (tools/gen_p256_mulx.py,
    gen_p521_mulx.py): the scheduled instructions' values in stack slots, each reused once its
    value is dead, an output in r's coordinate as soon as no later instruction reads the same
    coordinate of an input (r may alias p and q), and in place: an instruction of the kinds
    `in_place_kinds` whose first operand dies there takes over its slot. slot(k) is the k-th
    slot's operands, rslot(name) an output's; loc maps every value to its operands (the inputs'
    given)."""

    def __init__(self, prog, instrs, read_args, first_arg, in_place_kinds, slot, rslot, loc):
        self.slot, self.frame, self.free, self.loc = slot, [], [], dict(loc)
        self.out_of = {v: nm for nm, v in prog["outputs"].items()}
        self.rslot = {nm: rslot(nm) for nm in prog["outputs"]}
        self.last_use = {}
        for i, ins in enumerate(instrs):
            for a in read_args(ins):
                self.last_use[a] = i
        for v in self.out_of:
            self.last_use[v] = len(instrs)
        # the last instruction reading each input coordinate (X, Y, Z of p and q)
        self.coord_read = {c: max([self.last_use.get(nm, -1) for nm in prog["inputs"] if nm[0] == c] + [-1])
                           for c in "XYZ"}
        self.in_place = {}
        for i, ins in enumerate(instrs):
            x = first_arg(ins)
            if ins[0] in in_place_kinds and isinstance(x, int) and self.last_use[x] == i and x not in self.out_of:
                self.in_place[x] = ins[1]

    @property
    def used(self):
        return len(self.frame)

    def temp(self):
        if self.free:
            return self.free.pop(0)
        self.frame.append(self.slot(len(self.frame)))
        return self.frame[-1]

    def place(self, v, i):
        """Where value v, made by instruction i, lives: r's coordinate when v is (or is updated
        in place into) an output and the inputs' coordinate has no later reader, else a temp."""
        w = v
        while w in self.in_place:
            w = self.in_place[w]
        nm = self.out_of.get(w)
        if nm is not None and self.coord_read[nm[0]] <= i:
            return self.rslot[nm]
        return self.temp()

    def release(self, i):
        """The slots of the values instruction i reads last are free (once per instruction: a
        second call would free a slot a value made there has taken)."""
        for a, last in self.last_use.items():
            if last == i and a not in self.in_place and self.loc.get(a) in self.frame and self.loc[a] not in self.free:
                self.free.append(self.loc[a])
        self.free.sort(key=self.frame.index)

    def product(self, i, ins):
        """A product or square, instruction i: its operands' locations and its result's, the
        operands' slots released first (a product reads them all before it writes)."""
        args = [self.loc[a] for a in ins[2:]]
        self.release(i)
        self.loc[ins[1]] = self.place(ins[1], i)
        return args, self.loc[ins[1]]

    def unplaced(self):
        """The outputs not written in place: (value, r's operands) to copy at the end."""
        return [(v, self.rslot[nm]) for v, nm in self.out_of.items() if self.loc[v] is not self.rslot[nm]]
