# Side effects on containers reached through a function's closure or a bound method's receiver, under
# torch.compile: Dynamo reads a called function's cells through `fn.__closure__[k].cell_contents` and a
# bound method's object through `__self__`, so a list or dict they change is guarded and the change
# replayed after the graph (no graph break). Shapes: a helper function closing over a list, a forward
# pre-hook that is a bound method of a plain logger object, a forward hook counting calls in a dict it
# closes over, hasattr() on a missing module attribute that a hook then sets. Printed per case: the
# side effects after three compiled calls (equal to eager's) and each compiled graph's call count.
import torch
import torch.nn as nn
import torch._dynamo

graphs = []


def rec(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op in ("call_function", "call_method")]))
    return gm.forward


def reset():
    graphs.clear()
    torch._dynamo.reset()


x = torch.linspace(-1, 1, 6).reshape(2, 3)


def make_tracker():
    seen = []

    def track(t):
        seen.append(t.shape[-1])
        return t * 2

    return seen, track


seen, track = make_tracker()


def uses_helper(t):
    return track(t.sin()) + 1


cf = torch.compile(uses_helper, backend=rec)
outs = [cf(x) for _ in range(3)]
print("helper closure list", seen, torch.allclose(outs[-1], track(x.sin()) + 1), "graphs", graphs)
reset()


class Logger:
    def __init__(self):
        self.calls = []

    def before(self, mod, args):
        self.calls.append(("pre", args[0].shape[0]))


logger = Logger()
lin = nn.Linear(3, 2)
lin.register_forward_pre_hook(logger.before)
cl = torch.compile(lin, backend=rec)
for _ in range(3):
    cl(x)
print("bound method of a logger", logger.calls, "graphs", graphs)
reset()


def make_counter():
    counts = {"fwd": 0}

    def hook(mod, args, out):
        counts["fwd"] += 1

    return counts, hook


counts, hook = make_counter()
lin2 = nn.Linear(3, 4)
lin2.register_forward_hook(hook)
cl2 = torch.compile(lin2, backend=rec)
for _ in range(3):
    cl2(x)
print("closure dict counter", counts, "graphs", graphs)
reset()


def flag_hook(mod, args, out):
    if not hasattr(mod, "flagged"):
        mod.flagged = True
    return out + 1


lin3 = nn.Linear(3, 2)
lin3.register_forward_hook(flag_hook)
cl3 = torch.compile(lin3, backend=rec)
res = [cl3(x) for _ in range(3)]
print("hasattr then set", lin3.flagged, torch.allclose(res[-1], lin3.forward(x) + 1), "graphs", graphs)
