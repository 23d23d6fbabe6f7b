# SIREN: sine-activated implicit networks fitted to an image, with latent modulation and coordinate gradients.
#
# Origin (workflow reproduced): lucidrains/siren-pytorch siren_pytorch/siren_pytorch.py @ 5160b9db
# (Sine, Siren layers initialised in place with uniform_(-w_std, w_std) from c and w0 before being
# wrapped in nn.Parameter, SirenNet with a separate first-layer w0) and the later SirenWrapper /
# Modulator (a meshgrid(indexing='ij') coordinate buffer rearranged '(h w) c', latent modulation
# multiplied into every hidden layer, `coords.clone().detach().requires_grad_()`, mse_loss when an
# image is passed), with the README usage. The gradient and Laplacian of the fitted image with
# respect to its coordinates (torch.autograd.grad with create_graph, the SIREN paper's derivative
# supervision) follow vsitzmann/siren's diff_operators.gradient / laplace.
# Changes for Kiln's corpus: a 16x16 synthetic image instead of a photograph, hidden width 32,
# 40 Adam steps; losses and PSNR printed rounded.

import math

import torch
import torch.nn.functional as F
from einops import rearrange
from torch import nn


def exists(val):
    return val is not None


def cast_tuple(val, repeat=1):
    return val if isinstance(val, tuple) else ((val,) * repeat)


class Sine(nn.Module):
    def __init__(self, w0=1.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


class Siren(nn.Module):
    def __init__(self, dim_in, dim_out, w0=30.0, c=6.0, is_first=False, use_bias=True, activation=None, dropout=0.0):
        super().__init__()
        self.dim_in = dim_in
        self.is_first = is_first

        weight = torch.zeros(dim_out, dim_in)
        bias = torch.zeros(dim_out) if use_bias else None
        self.init_(weight, bias, c=c, w0=w0)

        self.weight = nn.Parameter(weight)
        self.bias = nn.Parameter(bias) if use_bias else None
        self.activation = Sine(w0) if activation is None else activation
        self.dropout = nn.Dropout(dropout)

    def init_(self, weight, bias, c, w0):
        dim = self.dim_in
        w_std = (1 / dim) if self.is_first else (math.sqrt(c / dim) / w0)
        weight.uniform_(-w_std, w_std)
        if exists(bias):
            bias.uniform_(-w_std, w_std)

    def forward(self, x):
        out = F.linear(x, self.weight, self.bias)
        out = self.activation(out)
        out = self.dropout(out)
        return out


class SirenNet(nn.Module):
    def __init__(self, dim_in, dim_hidden, dim_out, num_layers, w0=1.0, w0_initial=30.0, use_bias=True,
                 final_activation=None, dropout=0.0):
        super().__init__()
        self.num_layers = num_layers
        self.dim_hidden = dim_hidden

        self.layers = nn.ModuleList([])
        for ind in range(num_layers):
            is_first = ind == 0
            layer_w0 = w0_initial if is_first else w0
            layer_dim_in = dim_in if is_first else dim_hidden
            self.layers.append(Siren(dim_in=layer_dim_in, dim_out=dim_hidden, w0=layer_w0, use_bias=use_bias,
                                     is_first=is_first, dropout=dropout))

        final_activation = nn.Identity() if not exists(final_activation) else final_activation
        self.last_layer = Siren(dim_in=dim_hidden, dim_out=dim_out, w0=w0, use_bias=use_bias, activation=final_activation)

    def forward(self, x, mods=None):
        mods = cast_tuple(mods, self.num_layers)
        for layer, mod in zip(self.layers, mods):
            x = layer(x)
            if exists(mod):
                x *= rearrange(mod, "d -> () d")
        return self.last_layer(x)


class Modulator(nn.Module):
    def __init__(self, dim_in, dim_hidden, num_layers):
        super().__init__()
        self.layers = nn.ModuleList([])
        for ind in range(num_layers):
            is_first = ind == 0
            dim = dim_in if is_first else (dim_hidden + dim_in)
            self.layers.append(nn.Sequential(nn.Linear(dim, dim_hidden), nn.ReLU()))

    def forward(self, z):
        x = z
        hiddens = []
        for layer in self.layers:
            x = layer(x)
            hiddens.append(x)
            x = torch.cat((x, z))
        return tuple(hiddens)


class SirenWrapper(nn.Module):
    def __init__(self, net, image_width, image_height, latent_dim=None):
        super().__init__()
        assert isinstance(net, SirenNet), "SirenWrapper must receive a Siren network"
        self.net = net
        self.image_width = image_width
        self.image_height = image_height

        self.modulator = None
        if exists(latent_dim):
            self.modulator = Modulator(dim_in=latent_dim, dim_hidden=net.dim_hidden, num_layers=net.num_layers)

        tensors = [torch.linspace(-1, 1, steps=image_height), torch.linspace(-1, 1, steps=image_width)]
        mgrid = torch.stack(torch.meshgrid(*tensors, indexing="ij"), dim=-1)
        mgrid = rearrange(mgrid, "h w c -> (h w) c")
        self.register_buffer("grid", mgrid)

    def forward(self, img=None, *, latent=None):
        modulate = exists(self.modulator)
        assert not (modulate ^ exists(latent)), "latent vector must be only supplied if `latent_dim` was passed in on instantiation"

        mods = self.modulator(latent) if modulate else None
        coords = self.grid.clone().detach().requires_grad_()
        out = self.net(coords, mods)
        out = rearrange(out, "(h w) c -> () c h w", h=self.image_height, w=self.image_width)
        if exists(img):
            return F.mse_loss(img, out)
        return out


def gradient(y, x, grad_outputs=None):
    if grad_outputs is None:
        grad_outputs = torch.ones_like(y)
    return torch.autograd.grad(y, [x], grad_outputs=grad_outputs, create_graph=True)[0]


def divergence(y, x):
    div = 0.0
    for i in range(y.shape[-1]):
        div += torch.autograd.grad(y[..., i], x, torch.ones_like(y[..., i]), create_graph=True)[0][..., i:i + 1]
    return div


def laplace(y, x):
    grad = gradient(y, x)
    return divergence(grad, x)


# ---------------------------------------------------------------- README usage (scaled down)
torch.manual_seed(0)
net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, final_activation=nn.Sigmoid(), w0_initial=30.0)
wrapper = SirenWrapper(net, latent_dim=16, image_width=16, image_height=16)
img = torch.randn(1, 3, 16, 16)
latent = nn.Parameter(torch.zeros(16).normal_(0, 1e-2))
loss = wrapper(img, latent=latent)
loss.backward()
print(f"README loss {loss.item():.4f}, latent grad norm {latent.grad.norm().item():.6f}")
print("grid", tuple(wrapper.grid.shape), wrapper.grid[:2].tolist(), wrapper.grid[-1].tolist())
print("first-layer bound ok:", net.layers[0].weight.abs().max().item() <= 1 / 2,
      "hidden bound ok:", net.layers[1].weight.abs().max().item() <= math.sqrt(6 / 32) / 1.0)
print(net.layers[0], "activation w0", net.layers[0].activation.w0, net.layers[1].activation.w0)
try:
    wrapper(img)
except AssertionError as e:
    print("AssertionError:", e)

# ---------------------------------------------------------------- fit one image
H = W = 16
ys, xs = torch.meshgrid(torch.linspace(-1, 1, H), torch.linspace(-1, 1, W), indexing="ij")
target = torch.stack([
    0.5 + 0.5 * torch.sin(3 * xs) * torch.cos(2 * ys),
    0.5 + 0.4 * torch.tanh(4 * (xs * ys)),
    ((xs ** 2 + ys ** 2) < 0.5).float() * 0.8 + 0.1,
]).unsqueeze(0)

torch.manual_seed(1)
net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, w0_initial=30.0, final_activation=nn.Sigmoid())
wrapper = SirenWrapper(net, image_width=W, image_height=H)
opt = torch.optim.Adam(wrapper.parameters(), lr=1e-3)
for step in range(40):
    loss = wrapper(target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 10 == 0 or step == 39:
        psnr = 10 * math.log10(1.0 / loss.item())
        print(f"step {step:2d} mse {loss.item():.5f} psnr {psnr:.2f}")

with torch.no_grad():
    pred = wrapper()
print("pred", tuple(pred.shape), f"range [{pred.min().item():.3f}, {pred.max().item():.3f}]")

# derivatives of the fitted image with respect to the coordinates
coords = wrapper.grid.clone().detach().requires_grad_(True)
gray = net(coords).mean(-1, keepdim=True)
g = gradient(gray, coords)
lap = laplace(gray, coords)
print("grad", tuple(g.shape), f"mean |grad| {g.abs().mean().item():.4f}", "laplacian", tuple(lap.shape),
      f"mean |lap| {lap.abs().mean().item():.3f}")
# gradient supervision: fit another net's gradients to the image's (one step, second-order backward)
torch.manual_seed(2)
student = SirenNet(dim_in=2, dim_hidden=16, dim_out=1, num_layers=2, w0_initial=30.0)
sopt = torch.optim.Adam(student.parameters(), lr=1e-3)
for step in range(3):
    c = wrapper.grid.clone().detach().requires_grad_(True)
    out = student(c)
    grad_loss = (gradient(out, c) - g.detach()).pow(2).sum(-1).mean()
    sopt.zero_grad()
    grad_loss.backward()
    sopt.step()
    print(f"gradient-supervised step {step}: {grad_loss.item():.4f}")
