# Floats read from nn.Module attributes in compiled code, as PyTorch 2.11 treats them
# (specialize_float=False; wrap_symfloat makes no exception for modules): a constant in the first
# graph, then, once a call sees the value changed, one recompile where the float is a 0-d float64
# graph input (L_self_s) read with .item(), reused for every later value. Ints on modules stay
# constants (allow_unspec_int_on_nn_module is off): one graph per value. A submodule's float
# (a scale on a child block) follows the float rule.
import torch
import torch._dynamo as dynamo
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        self.n = 3

    def forward(self, x):
        return x * self.s + self.n


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Scale(0.5)
        self.alpha = 0.1

    def forward(self, x):
        return self.inner(x) * self.alpha


graphs = []


def backend(gm, example_inputs):
    graphs.append(gm.code.strip())
    return gm.forward


def run(label, model, attr_owner, attr, values, x):
    dynamo.reset()
    graphs.clear()
    compiled = torch.compile(model, backend=backend)
    outs = []
    for v in values:
        setattr(attr_owner, attr, v)
        outs.append(round(float(compiled(x).sum()), 4))
    print("==", label, "graphs", len(graphs), outs)
    for g in graphs:
        print(g)


x = torch.linspace(-1.0, 2.0, 6).reshape(2, 3)
m = Scale(0.5)
run("module float", m, m, "s", [0.5, 0.25, 0.125, 2.0], x)
m = Scale(0.5)
run("module int", m, m, "n", [3, 4, 5], x)
o = Outer()
run("submodule float", o, o.inner, "s", [0.5, 1.5, 2.5], x)
o = Outer()
run("outer float", o, o, "alpha", [0.1, 0.2], x)
