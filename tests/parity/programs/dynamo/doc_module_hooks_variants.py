# More nn.Module hook shapes under torch.compile (docs/source/torch.compiler_nn_module.rst): hooks with
# kwargs (with_kwargs=True), a pre-hook returning a bare tensor, a hook returning None, hooks on a child
# inside a compiled parent, removing a child's hook after compiling (the graph ran it: recompiles) and
# adding one (not seen), each compared with eager and its graphs printed.
import torch
import torch.nn as nn
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c in codes:
        print(c)
    codes.clear()


class Scale(nn.Module):
    def forward(self, x, factor=1.0):
        return x * factor


torch.manual_seed(0)
s = Scale()
x = torch.linspace(-1, 1, 4)
s.register_forward_pre_hook(lambda m, args, kwargs: (args, {"factor": 3.0}), with_kwargs=True)
s.register_forward_hook(lambda m, args, kwargs, out: out + kwargs["factor"], with_kwargs=True)
cs = torch.compile(s, backend=rec)
print(cs(x).tolist(), s(x).tolist())
show("with_kwargs")


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        return self.head(torch.relu(self.inner(x)))


torch.manual_seed(1)
o = Outer()
h1 = o.inner.register_forward_pre_hook(lambda m, args: args[0] + 1)
h2 = o.head.register_forward_hook(lambda m, args, out: None)
co = torch.compile(o, backend=rec)
inp = torch.linspace(0, 1, 8).reshape(2, 4)
print(torch.allclose(co(inp), o(inp)))
show("child hooks")
h1.remove()
print(torch.allclose(co(inp), o(inp)))
show("child pre-hook removed")
o.head.register_forward_hook(lambda m, args, out: out * 10)
print(torch.allclose(co(inp), o(inp)))
show("child hook added")
