# Out-of-place addcmul/addcdiv/lerp broadcast self with the other operands (timm's ResMLP Affine:
# torch.addcmul(beta, alpha, x) with (1, 1, C) parameters and an (N, L, C) input), and autograd sums the
# gradient back to self's shape; the in-place forms keep self's shape.
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
