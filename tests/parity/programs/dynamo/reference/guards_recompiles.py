import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    n = len(graphs)
    print("==== backend call", n, "example inputs:", [type(a).__name__ for a in example_inputs])
    if n > 1:
        return gm.forward
    print("---- gm.code (first backend call only; TORCH_LOGS graph_code shows every graph)")
    print(gm.code)
    print("---- gm.graph (first backend call only)")
    print(gm.graph)
    try:
        import tabulate
        print("---- gm.graph.print_tabular()")
        gm.graph.print_tabular()
    except ImportError:
        print("---- (tabulate not installed: no print_tabular)")
    return gm.forward

def show_explain(e):
    s = str(e)
    i = s.find("Out Guards:")
    j = s.find("Compile Times:")
    print("==== str(explain output), up to Out Guards:")
    print(s[:i])
    print("==== Out Guards: %d guards; the first two as str(explain) prints them:" % len(e.out_guards))
    print("\n".join(s[i:j].split("\n")[:19]))
    print("==== Compile Times (first line):", s[j:].split("\n")[0])

SCALE = 2
CFG = {"mode": "fast"}

def make(k):
    def f(x, n, flag, s):
        y = x * SCALE + n * k
        if CFG["mode"] == "fast":
            y = y + 1
        if flag:
            y = y * s
        return y
    return f

f = make(3)
cf = torch.compile(f, backend=capture)
x = torch.ones(2)
print(cf(x, 2, True, 0.5))
print(cf(x, 3, True, 0.5))
SCALE = 4
print(cf(x, 3, True, 0.5))
CFG["mode"] = "slow"
print(cf(x, 3, True, 0.5))
cf2 = torch.compile(make(5), backend=capture)
print(cf2(x, 3, False, 0.5))
