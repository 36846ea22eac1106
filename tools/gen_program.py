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
