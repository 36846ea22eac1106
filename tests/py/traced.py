"""The formulas as genus traces them from its templates (DESIGN section 10): tests of other code
that computes the same formula (assembly, generated code) compare with these programs instead of
keeping a second copy of the formula."""
import json
import subprocess


def traced_program(genus_bin, *args):
    """The straight-line program genus traces from the formula template (genus trace ARGS: the
    JSON of DESIGN section 10), for tests that check other code of the same formula against it
    instead of a second copy of the formula."""
    out = subprocess.run([genus_bin, "trace"] + list(args), check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def run_program(prog, values):
    """Evaluate a traced program over F_p on values (input name -> integer): its outputs, in the
    order of prog["outputs"]."""
    p = int(prog["field"]["p"], 16)
    env = {name: int(v, 16) % p for name, v in prog["constants"].items()}
    env.update({name: values[name] % p for name in prog["inputs"]})
    res = {}

    def arg(a):
        return res[a] if isinstance(a, int) else env[a]

    for o in prog["ops"]:
        a = [arg(x) for x in o["args"]]
        op = o["op"]
        if op in ("add", "sub"):
            r = a[0] + a[1] if op == "add" else a[0] - a[1]
        elif op in ("mul", "mulc"):
            r = a[0] * a[1]
        elif op == "sqr":
            r = a[0] * a[0]
        elif op == "neg":
            r = -a[0]
        elif op == "muls":
            r = a[0] * o["k"]
        elif op == "half":
            r = a[0] * pow(2, -1, p)
        elif op == "inv":
            r = pow(a[0], -1, p) if a[0] % p else 0
        elif op == "red":
            r = a[0]
        else:
            raise ValueError("unknown op %s in the traced program" % op)
        res[o["id"]] = r % p
    return [arg(v) for v in prog["outputs"].values()]
