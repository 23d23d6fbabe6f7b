import torch
# torch.ops.aten: packets and overloads (str/repr/name/_schema/overloads), calls on tensors with
# keyword and default arguments, multi-output overloads, gradients, and the AttributeErrors for
# unknown operators and overload names.

x = torch.tensor([1.0, -2.0, 3.0])
print(torch.ops.aten.add.Tensor)
print(repr(torch.ops.aten.add.Tensor))
print(repr(torch.ops.aten.add), torch.ops.aten.add)
print(torch.ops.aten.add.Tensor.name(), torch.ops.aten.relu.default.name(), torch.ops.aten.relu.default)
print(torch.ops.aten.add.Tensor._schema)
print(torch.ops.aten.relu.default._schema)
print(torch.ops.aten.add.Tensor.overloadpacket is torch.ops.aten.add, torch.ops.aten.add is torch.ops.aten.add)
print(torch.ops.aten.add.Tensor(x, x, alpha=2))
print(torch.ops.aten.add(x, 1))
print(torch.ops.aten.relu(x), torch.ops.aten.relu.default(x))
print(torch.ops.aten.sum.dim_IntList(torch.ones(2, 3), [1]))
print(torch.ops.aten.max.dim(torch.tensor([[1.0, 5.0], [7.0, 2.0]]), 1))
print(torch.ops.aten.mm.default(torch.ones(2, 3), torch.ones(3, 2)))
print(torch.ops.aten.cat.default([x, x]))
print(torch.ops.aten.view.default(torch.arange(6), [2, 3]))
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.ops.aten.mul.Tensor(y, y).sum()
z.backward()
print(y.grad)
for name in ["mm.Tensor", "relu.Scalar"]:
    op, ov = name.split(".")
    try:
        getattr(getattr(torch.ops.aten, op), ov)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    torch.ops.aten.not_an_op
except AttributeError as e:
    print("AttributeError:", e)
try:
    torch.ops.aten.add.Tensor(x, "a")
except RuntimeError as e:
    print("RuntimeError")
