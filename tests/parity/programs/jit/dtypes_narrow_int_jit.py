import torch
# Traced and scripted functions over uint8/int8/int16/int32 tensors: TorchScript's tensor types
# (Byte, Char, Short, Int), dtype constants (torch.int32 is ScalarType 3) and the results.
def f(x, y):
    return (x + y).int() * 2, x.short(), (y > 1).byte()

x = torch.tensor([1.5, 2.5])
y = torch.tensor([1, 2], dtype=torch.int32)
tr = torch.jit.trace(f, (x, y))
print("\n".join(l.split(" # ")[0] for l in str(tr.graph).split("\n")))  # source ranges carry the machine's path
print(tr(x, y))
print(tr(torch.tensor([-3.5, 100.0]), torch.tensor([7, -7], dtype=torch.int32)))

@torch.jit.script
def g(a: torch.Tensor):
    return a.to(torch.int32) + 1, a.to(torch.uint8), a.to(torch.int8) * 3

print(g.code)
print(g(torch.tensor([3.7, 100.0])))
print(g(torch.tensor([-1.0, 42.0])))
