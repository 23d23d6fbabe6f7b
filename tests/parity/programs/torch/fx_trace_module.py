import torch
import torch.nn as nn
import torch.fx
import operator

# symbolic_trace of a module: call_module for built-in layers, get_attr for parameters read in
# forward, call_method for tensor methods, call_function for torch functions and operators.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)
        self.act = nn.ReLU()
        self.scale = nn.Parameter(torch.tensor([2.0, 0.5]))

    def forward(self, x):
        h = self.act(self.lin(x))
        h = h * self.scale + self.lin.bias
        s = torch.sum(h, dim=-1)
        m = torch.max(h)
        return h.relu().neg() + s.unsqueeze(-1) - m, h.shape


net = Net()
with torch.no_grad():
    net.lin.weight.copy_(torch.tensor([[1.0, -1.0, 0.5], [0.25, 2.0, -1.0]]))
    net.lin.bias.copy_(torch.tensor([0.5, -0.5]))
gm = torch.fx.symbolic_trace(net)
print(type(gm).__name__, isinstance(gm, torch.fx.GraphModule), isinstance(gm, nn.Module))
print(gm.graph)
print(gm.code)
for n in gm.graph.nodes:
    t = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "?")
    print(n.op, n.name, t, n.args, n.kwargs, len(n.users), [u.name for u in n.users])
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
out, shape = gm(x)
ref, ref_shape = net(x)
print(out)
print(shape, torch.equal(out, ref), shape == ref_shape)
print([name for name, _ in gm.named_parameters()])
print([name for name, _ in gm.named_children()])
print(gm.lin is net.lin, gm.act is net.act)
adds = [n for n in gm.graph.nodes if n.target is operator.add]
print(len(adds), adds[0].args)
readable = gm.print_readable(print_output=False)
print(readable.split("\n")[:4], len(readable))
