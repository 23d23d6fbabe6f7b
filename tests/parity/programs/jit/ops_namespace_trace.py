import torch
# torch.jit.trace over torch.ops.aten overloads: each call records its aten node with the
# overload's schema (defaults as constants, a tensor list as prim::ListConstruct), its values numbered (the
# innermost Python frame is torch/_ops.py's, whose locals do not name them), and the traced function reruns.


def f(x, y):
    z = torch.ops.aten.add.Tensor(x, y, alpha=2)
    w = torch.ops.aten.relu.default(z)
    return torch.ops.aten.cat.default([w, x * 2])


x = torch.tensor([1.0, -3.0])
y = torch.tensor([1.0, 1.0])
tr = torch.jit.trace(f, (x, y))
print("\n".join(l.split(" # ")[0] for l in str(tr.graph).split("\n")))  # source ranges carry the machine's path
print(tr.code)
print(tr(x, y))
print(tr(torch.tensor([2.0, 0.5]), torch.tensor([-4.0, 3.0])))
