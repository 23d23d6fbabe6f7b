import torch
import torch.nn as nn
import torch.fx
from torch.fx import Interpreter, Transformer, symbolic_trace
from torch.fx.passes.shape_prop import ShapeProp

# Interpreter runs a GraphModule node by node (overridable per op), Transformer rebuilds the graph
# through the same overrides, ShapeProp records shapes and dtypes in node.meta.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 3)

    def forward(self, x):
        h = torch.sigmoid(self.lin(x))
        return torch.add(h, x.sum(dim=1, keepdim=True)).relu()


net = Net()
with torch.no_grad():
    net.lin.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
    net.lin.bias.copy_(torch.tensor([0.0, 0.0, -2.0]))
gm = symbolic_trace(net)
x = torch.tensor([[0.0, 0.0], [2.0, -2.0]])


class Logging(Interpreter):
    def run_node(self, n):
        out = super().run_node(n)
        shape = tuple(out.shape) if isinstance(out, torch.Tensor) else None
        print("ran", n.op, n.name, shape)
        return out


r = Logging(gm).run(x)
print(torch.equal(r, gm(x)))


class SigToTanh(Interpreter):
    def call_function(self, target, args, kwargs):
        if target is torch.sigmoid:
            return torch.tanh(*args, **kwargs)
        return super().call_function(target, args, kwargs)


print(SigToTanh(gm).run(x).shape, torch.equal(SigToTanh(gm).run(x), Interpreter(gm).run(x)))


class AddToMul(Transformer):
    def call_function(self, target, args, kwargs):
        if target is torch.add:
            return super().call_function(torch.mul, args, kwargs)
        return super().call_function(target, args, kwargs)

    def call_method(self, target, args, kwargs):
        if target == "relu":
            target = "neg"
        return super().call_method(target, args, kwargs)


tgm = AddToMul(gm).transform()
print(tgm.graph)
print(tgm.code)
print(torch.equal(tgm(x), (torch.sigmoid(net.lin(x)) * x.sum(dim=1, keepdim=True)).neg()))

ShapeProp(gm).propagate(x)
for n in gm.graph.nodes:
    tm = n.meta.get("tensor_meta")
    if tm is not None:
        print(n.name, tm.shape, tm.dtype, tm.requires_grad, tm.stride, n.meta["type"].__name__)

gm.print_readable()
try:
    Interpreter(gm).run()
except RuntimeError as e:
    print("RuntimeError", str(e).split("\n")[0])
