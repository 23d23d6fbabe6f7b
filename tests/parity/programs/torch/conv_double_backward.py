# Double backward through convolutions (create_graph=True): gradgradcheck of conv1d/2d/3d over
# stride, padding, dilation and groups, the grad_fn names of the first-order gradients, and the
# WGAN-GP / StarGAN gradient penalty (autograd.grad of a conv critic's output by its input, the
# penalty's backward into every critic parameter), then a third derivative.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import gradcheck, gradgradcheck

torch.manual_seed(0)
for stride, pad, dil, groups in [(1, 0, 1, 1), (2, 1, 1, 1), (1, 2, 2, 2), (2, 1, 1, 4)]:
    x = torch.randn(2, 4, 7, 6, dtype=torch.float64, requires_grad=True)
    w = torch.randn(4, 4 // groups, 3, 3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(4, dtype=torch.float64, requires_grad=True)
    f = lambda x, w, b: F.conv2d(x, w, b, stride, pad, dil, groups)
    print("conv2d", stride, pad, dil, groups, gradcheck(f, (x, w, b)), gradgradcheck(f, (x, w, b)))

x = torch.randn(2, 3, 9, dtype=torch.float64, requires_grad=True)
w = torch.randn(5, 3, 3, dtype=torch.float64, requires_grad=True)
print("conv1d", gradgradcheck(lambda x, w: F.conv1d(x, w, stride=2, padding=1), (x, w)))
x = torch.randn(1, 2, 4, 5, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 2, 3, 2, dtype=torch.float64, requires_grad=True)
print("conv3d", gradgradcheck(lambda x, w: F.conv3d(x, w, padding=1), (x, w)))

# Only the input needs a gradient; the weight's second-order gradient flows anyway. (Reseeded: gradgradcheck
# draws its random grad_outputs from the global generator, and Kiln's draws are not PyTorch's.)
torch.manual_seed(1)
x = torch.randn(1, 2, 5, 5, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 3, 3, dtype=torch.float64, requires_grad=True)
out = F.conv2d(x, w)
(gx,) = torch.autograd.grad(out.pow(2).sum(), x, create_graph=True)
print(type(gx.grad_fn).__name__, gx.requires_grad, gx.shape)
gx.sum().backward()
print("x.grad", x.grad is not None, "w.grad", tuple(w.grad.shape), round(w.grad.abs().sum().item(), 4))

# The gradient penalty of WGAN-GP / StarGAN's solver.gradient_penalty.
D = nn.Sequential(nn.Conv2d(3, 8, 4, 2, 1), nn.LeakyReLU(0.01), nn.Conv2d(8, 8, 4, 2, 1), nn.LeakyReLU(0.01),
                  nn.Conv2d(8, 1, 2, 1, 0, bias=False))
real, fake = torch.randn(4, 3, 8, 8), torch.randn(4, 3, 8, 8)
alpha = torch.rand(4, 1, 1, 1)
x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
out = D(x_hat)
weight = torch.ones(out.size())
dydx = torch.autograd.grad(outputs=out, inputs=x_hat, grad_outputs=weight, retain_graph=True,
                           create_graph=True, only_inputs=True)[0]
dydx = dydx.view(dydx.size(0), -1)
gp = torch.mean((torch.sqrt(torch.sum(dydx ** 2, dim=1)) - 1) ** 2)
d_loss = -out.mean() + 10 * gp
d_loss.backward()
print("gp", f"{gp.item():.4f}", "d_loss", f"{d_loss.item():.4f}")
for name, p in D.named_parameters():
    print(name, None if p.grad is None else f"{p.grad.norm().item():.4f}")

# A third derivative of a scalar function of the input through a conv and a cubic.
x = torch.randn(1, 1, 4, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(1, 1, 2, 2, dtype=torch.float64)
y = F.conv2d(x, w).pow(3).sum()
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x, create_graph=True)
(g3,) = torch.autograd.grad(g2.sum(), x)
S = w.sum()
expected = 6 * S ** 2 * F.conv_transpose2d(torch.ones(1, 1, 3, 3, dtype=torch.float64), w)
print("third", f"{g3.sum().item():.6f}", torch.allclose(g3, expected))
