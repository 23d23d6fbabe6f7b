import torch
# torch.jit.script keeps control flow: an `if` on tensor data becomes prim::If, both branches work.

def f(x):
    if x.sum() > 0:
        y = x * 2
    else:
        y = -x
    return y + 1

s = torch.jit.script(f)
print(type(s).__name__)
print("prim::If" in str(s.graph), "prim::Loop" in str(s.graph))
pos = torch.tensor([1., 2., 3.])
neg = torch.tensor([-1., -2., 0.5])
print(s(pos), f(pos))
print(s(neg), f(neg))
print(torch.equal(s(neg), f(neg)))
print(s(torch.zeros(2, 2)))
for i in range(4):
    print(i, s(torch.tensor([i - 1.5])))
