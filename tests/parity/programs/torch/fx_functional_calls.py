import torch
import torch.fx as fx
import torch.nn.functional as F

# What torch.nn.functional calls record under symbolic tracing: PyTorch's Python functions pass their
# parameters on as keywords (softmax's _stacklevel, dropout's p/training/inplace), C functions
# (linear, gelu) keep the call as written under torch._C._nn, sigmoid becomes a method call;
# concrete_args for None and for defaults.


def f(x, y=2, z=None):
    if z is None:
        return F.softmax(x * y, dim=-1)
    return x


gm = fx.symbolic_trace(f, concrete_args={"z": None})
print(gm.code)
print(gm(torch.tensor([1.0, 2.0])))
print(gm(torch.tensor([1.0, 2.0]), 3))
print([(n.op, n.name) for n in gm.graph.nodes])


def g(x):
    return (F.gelu(F.linear(x, torch.ones(2, 2))), F.dropout(x, 0.5, training=False),
            torch.sigmoid(x).clamp(min=0.1), F.sigmoid(x), F.relu(x, inplace=False), F.leaky_relu(x, 0.2),
            F.layer_norm(x, (2,)), F.log_softmax(x, 1))


gg = fx.symbolic_trace(g)
print(gg.code)
out = gg(torch.tensor([[1.0, -2.0]]))
ref = g(torch.tensor([[1.0, -2.0]]))
print(len(out), all(torch.allclose(a, b) for a, b in zip(out, ref)))
for n in gg.graph.nodes:
    if n.op == "call_function":
        print(n.name, n.args, n.kwargs)
