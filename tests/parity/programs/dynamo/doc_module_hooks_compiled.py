# nn.Module hooks under torch.compile (docs/source/torch.compiler_nn_module.rst): forward pre-hooks and
# forward hooks registered before compiling are traced into the graph; a hook added or removed after the
# first call recompiles; a hook that returns a new value replaces the input or output. Graphs are counted
# and printed through a recording backend, outputs compared with eager.
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


torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.linspace(-1, 1, 6).reshape(2, 3)


def double_input(mod, args):
    return (args[0] * 2,)


def add_one(mod, args, out):
    return out + 1


def observe(mod, args, out):
    seen.append(tuple(out.shape))


seen = []
pre = lin.register_forward_pre_hook(double_input)
cm = torch.compile(lin, backend=rec)
print(torch.allclose(cm(x), lin(x)))
show("pre hook")

post = lin.register_forward_hook(add_one)
print(torch.allclose(cm(x), lin(x)))
show("forward hook added")

pre.remove()
print(torch.allclose(cm(x), lin(x)))
show("pre hook removed")

post.remove()
obs = lin.register_forward_hook(observe)
print(torch.allclose(cm(x), lin(x)), seen)
show("observing hook")
obs.remove()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)
        self.b = nn.Linear(4, 2)

    def forward(self, x):
        return self.b(torch.tanh(self.a(x)))


torch.manual_seed(1)
net = Net()
net.a.register_forward_hook(lambda m, i, o: o * 0.5)
net.b.register_forward_pre_hook(lambda m, i: (i[0] - 1,))
cnet = torch.compile(net, backend=rec)
print(torch.allclose(cnet(x), net(x)))
show("child hooks")
torch._dynamo.reset()
e = torch._dynamo.explain(net)(x)
print("explain", e.graph_count, e.graph_break_count, e.op_count)
