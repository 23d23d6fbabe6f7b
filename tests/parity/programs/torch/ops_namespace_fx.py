import torch
import torch.fx
# torch.ops.aten overloads under torch.fx.symbolic_trace: call_function nodes whose targets are the
# OpOverloads, the generated code naming them torch.ops.aten.<op>.<overload>, and the GraphModule run.


def f(x, y):
    z = torch.ops.aten.add.Tensor(x, y, alpha=2)
    return torch.ops.aten.relu.default(torch.ops.aten.mul.Tensor(z, z))


gm = torch.fx.symbolic_trace(f)
print(gm.code)
for n in gm.graph.nodes:
    print(n.op, n.name, n.target)
print(gm(torch.tensor([1.0, -3.0]), torch.tensor([1.0, 1.0])))
