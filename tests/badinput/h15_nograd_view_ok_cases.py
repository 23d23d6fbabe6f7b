# badinput: views made in no_grad mode that are fine: written inside no_grad, or of a tensor that does not require grad, or read (not written) with grad mode on
# expect-exit: 0
# expect-stdout: [2.0, 2.0, 1.0]|[5.0, 5.0, 0.0]|6.0
import torch
x = torch.ones(3, requires_grad=True)
y = x * 1
with torch.no_grad():
    v = y[:2]
    v.mul_(2)
z = torch.zeros(3)
with torch.no_grad():
    u = z[:2]
u.add_(5)
x2 = torch.ones(3, requires_grad=True)
with torch.no_grad():
    r = x2[:]
s = (r * 2).sum()
print(y.tolist(), z.tolist(), s.item(), sep="|")
