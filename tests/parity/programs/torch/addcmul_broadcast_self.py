# Out-of-place addcmul/addcdiv/lerp broadcast self with the other operands (timm's ResMLP Affine:
# torch.addcmul(beta, alpha, x) with (1, 1, C) parameters and an (N, L, C) input), and autograd sums the
# gradient back to self's shape; the in-place forms keep self's shape. lerp also takes a tensor weight.
import torch
torch.manual_seed(0)
beta = torch.zeros(1, 1, 4, requires_grad=True); alpha = torch.ones(1, 1, 4, requires_grad=True)
x = torch.randn(2, 3, 4)
y = torch.addcmul(beta, alpha, x)
print(y.shape, torch.allclose(y, x))
y.sum().backward()
print(beta.grad.shape, beta.grad.tolist(), alpha.grad.shape)
print(torch.addcdiv(torch.zeros(1), torch.ones(3), torch.full((2, 1), 2.0), value=3).tolist())
print(torch.zeros(3).addcmul(torch.ones(3), torch.ones(3), value=2).tolist())
print(torch.lerp(torch.zeros(1, 2), torch.ones(3, 2), 0.25).tolist())
try:
    torch.zeros(1).addcmul_(torch.ones(3), torch.ones(3))
except RuntimeError as e:
    print("RuntimeError:", e)
a = torch.zeros(3); b = torch.ones(3); w = torch.tensor([0.0, 0.5, 1.0])
print(torch.lerp(a, b, w), a.lerp(b, w), a.clone().lerp_(b, w))
a = torch.zeros(3, requires_grad=True); b = torch.ones(3, requires_grad=True); w = torch.tensor([0.0, 0.5, 0.9], requires_grad=True)
torch.lerp(a, b, w).sum().backward(); print(a.grad, b.grad, w.grad)
try:
    torch.zeros(1).lerp_(torch.ones(3), torch.tensor(0.5))
except RuntimeError as e: print("RuntimeError:", e)
