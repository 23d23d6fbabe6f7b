# Real-program corpus (tests/realworld, see README.md): models of EugenHotaj/pytorch-generative @ d1f0a5ce
# (pytorch_generative/models/base.py, nn/convolution.py, models/autoregressive/nade.py and pixel_cnn.py,
# models/vae/vaes.py and the top-down pass of vd_vae.py, the integration test's DummyLoader and the
# reproduce() training loops). Written for Kiln, not copied: `class GenerativeModel(abc.ABC, nn.Module)`
# whose __call__ registers _c/_h/_w shape buffers on the first image batch and whose load_state_dict
# re-creates them, an abstract sample(), the auto_reshape decorator, AutoregressiveModel.sample's
# pixel-by-pixel loop under @torch.no_grad() with torch.where over the -1 "unknown" marks, NADE's
# hidden-unit recursion with Bernoulli sampling, CausalConv2d (an nn.Conv2d subclass taking
# mask_center before *args, `self.weight.data *= self.mask` in forward), a small PixelCNN, the
# @torch.jit.script helpers of vaes.py (compiled at import: _unflatten_tril with torch.tril_indices
# and gaussian_log_prob calling it), and VD-VAE's decoder start `torch.zeros_like(bias).repeat(n, 1, 1,
# 1)` followed by `x += bias.repeat(...)` at batch size 1 (repeat must return a new tensor).
# Changes from the origin: tiny sizes (8x8 images, 2 residual blocks, hidden 16), two Adam steps per
# model on a seeded DummyLoader-style batch instead of MNIST, no TensorBoard or checkpoint files,
# losses printed to 4 places.
import abc

import numpy as np
import torch
from torch import distributions, nn
from torch.nn import functional as F


# ---- models/base.py ---------------------------------------------------------------------------------
def _default_sample_fn(logits):
    return distributions.Bernoulli(logits=logits).sample()


def auto_reshape(fn):
    # lets a non-convolutional model take images: flatten in, reshape out
    def wrapped_fn(self, x, *args, **kwargs):
        original_shape = x.shape
        x = x.view(original_shape[0], -1)
        y = fn(self, x, *args, **kwargs)
        return y.view(original_shape)

    return wrapped_fn


class GenerativeModel(abc.ABC, nn.Module):
    def __call__(self, x, *args, **kwargs):
        # remembers the first image batch's shape so sample() can make images of it
        if getattr(self, "_c", None) is None and x.dim() == 4:
            _, c, h, w = x.shape
            self._create_shape_buffers(c, h, w)
        return super().__call__(x, *args, **kwargs)

    def load_state_dict(self, state_dict, strict=True):
        if "_c" in state_dict and not getattr(self, "_c", None):
            c, h, w = state_dict["_c"], state_dict["_h"], state_dict["_w"]
            self._create_shape_buffers(c, h, w)
        super().load_state_dict(state_dict, strict)

    def _create_shape_buffers(self, channels, height, width):
        channels = channels if torch.is_tensor(channels) else torch.tensor(channels)
        height = height if torch.is_tensor(height) else torch.tensor(height)
        width = width if torch.is_tensor(width) else torch.tensor(width)
        self.register_buffer("_c", channels)
        self.register_buffer("_h", height)
        self.register_buffer("_w", width)

    @property
    def device(self):
        return next(self.parameters()).device

    @abc.abstractmethod
    def sample(self, n_samples):
        ...


class AutoregressiveModel(GenerativeModel):
    def __init__(self, sample_fn=None):
        super().__init__()
        self._sample_fn = sample_fn or _default_sample_fn

    def _get_conditioned_on(self, n_samples, conditioned_on):
        assert n_samples is not None or conditioned_on is not None, \
            'Must provided one, and only one, of "n_samples" or "conditioned_on"'
        if conditioned_on is None:
            shape = (n_samples, self._c, self._h, self._w)
            conditioned_on = (torch.ones(shape) * -1).to(self.device)
        else:
            conditioned_on = conditioned_on.clone()
        return conditioned_on

    @torch.no_grad()
    def sample(self, n_samples=None, conditioned_on=None):
        conditioned_on = self._get_conditioned_on(n_samples, conditioned_on)
        n, c, h, w = conditioned_on.shape
        for row in range(h):
            for col in range(w):
                out = self.forward(conditioned_on)[:, :, row, col]
                out = self._sample_fn(out).view(n, c)
                conditioned_on[:, :, row, col] = torch.where(
                    conditioned_on[:, :, row, col] < 0, out, conditioned_on[:, :, row, col])
        return conditioned_on


# ---- nn/convolution.py ------------------------------------------------------------------------------
class CausalConv2d(nn.Conv2d):
    # masked so each output pixel sees only pixels above and to the left (and itself unless mask_center)
    def __init__(self, mask_center, *args, **kwargs):
        super().__init__(*args, **kwargs)
        i, o, h, w = self.weight.shape
        mask = torch.zeros((i, o, h, w))
        mask.data[:, :, : h // 2, :] = 1
        mask.data[:, :, h // 2, : w // 2 + int(not mask_center)] = 1
        self.register_buffer("mask", mask)

    def forward(self, x):
        self.weight.data *= self.mask
        return super().forward(x)


# ---- models/autoregressive/nade.py ------------------------------------------------------------------
class NADE(AutoregressiveModel):
    def __init__(self, input_dim, hidden_dim, sample_fn=None):
        super().__init__(sample_fn)
        self._input_dim = input_dim
        self._in_W = nn.Parameter(torch.zeros(hidden_dim, self._input_dim))
        self._in_b = nn.Parameter(torch.zeros(hidden_dim,))
        self._h_W = nn.Parameter(torch.zeros(self._input_dim, hidden_dim))
        self._h_b = nn.Parameter(torch.zeros(self._input_dim,))
        nn.init.kaiming_normal_(self._in_W)
        nn.init.kaiming_normal_(self._h_W)

    def _forward(self, x):
        p_hat, x_hat = [], []
        batch_size = 1 if x is None else x.shape[0]
        # the first hidden pre-activation is the bias alone, replicated over the batch
        a = self._in_b.expand(batch_size, -1)
        for i in range(self._input_dim):
            h = torch.relu(a)
            p_i = torch.sigmoid(h @ self._h_W[i: i + 1, :].t() + self._h_b[i: i + 1])
            p_hat.append(p_i)
            x_i = x[:, i: i + 1]
            x_i = torch.where(x_i < 0, distributions.Bernoulli(probs=p_i).sample(), x_i)
            x_hat.append(x_i)
            a = a + x_i @ self._in_W[:, i: i + 1].t()
        return torch.cat(p_hat, dim=1), torch.cat(x_hat, dim=1) if x_hat else []

    @auto_reshape
    def forward(self, x):
        return self._forward(x)[0]

    @torch.no_grad()
    def sample(self, n_samples=None, conditioned_on=None):
        conditioned_on = self._get_conditioned_on(n_samples, conditioned_on)
        return self._sample(conditioned_on)

    @auto_reshape
    def _sample(self, x):
        return self._forward(x)[1]


# ---- models/autoregressive/pixel_cnn.py -------------------------------------------------------------
class CausalResidualBlock(nn.Module):
    def __init__(self, n_channels):
        super().__init__()
        self._net = nn.Sequential(
            nn.ReLU(),
            nn.Conv2d(in_channels=n_channels, out_channels=n_channels // 2, kernel_size=1),
            nn.ReLU(),
            CausalConv2d(mask_center=False, in_channels=n_channels // 2, out_channels=n_channels // 2,
                         kernel_size=3, padding=1),
            nn.ReLU(),
            nn.Conv2d(in_channels=n_channels // 2, out_channels=n_channels, kernel_size=1),
        )

    def forward(self, x):
        return x + self._net(x)


class PixelCNN(AutoregressiveModel):
    def __init__(self, in_channels=1, out_channels=1, n_residual=15, residual_channels=128, head_channels=32,
                 sample_fn=None):
        super().__init__(sample_fn)
        self._input = CausalConv2d(mask_center=True, in_channels=in_channels, out_channels=2 * residual_channels,
                                   kernel_size=7, padding=3)
        self._causal_layers = nn.ModuleList(
            [CausalResidualBlock(n_channels=2 * residual_channels) for _ in range(n_residual)])
        self._head = nn.Sequential(
            nn.ReLU(),
            nn.Conv2d(in_channels=2 * residual_channels, out_channels=head_channels, kernel_size=1),
            nn.ReLU(),
            nn.Conv2d(in_channels=head_channels, out_channels=out_channels, kernel_size=1),
        )

    def forward(self, x):
        x = self._input(x)
        for layer in self._causal_layers:
            x = x + layer(x)
        return self._head(x)


# ---- models/vae/vaes.py (scripted helpers, compiled when defined) -----------------------------------
@torch.jit.script
def to_var(log_std):
    return log_std.exp().pow(2)


@torch.jit.script
def unit_gaussian_kl_div(mean, log_std):
    # KL(p || N(0, 1)) for a diagonal Gaussian p
    return -0.5 * (1 + 2 * log_std - to_var(log_std) - mean**2)


@torch.jit.script
def gaussian_kl_div(p_mean, p_log_std, q_mean, q_log_std):
    mean_delta, log_std_delta = (p_mean - q_mean) ** 2, q_log_std - p_log_std
    p_var, q_var = to_var(p_log_std), 2 * to_var(q_log_std)
    return -0.5 + log_std_delta + (p_var + mean_delta) / q_var


@torch.jit.script
def sample_from_gaussian(mu, log_sig):
    return mu + log_sig.exp() * torch.randn_like(log_sig)


@torch.jit.script
def _unflatten_tril(x):
    # a batch of flattened lower triangles back to (n, dim, dim) matrices
    n, dim = x.shape
    idxs = torch.tril_indices(dim, dim)
    tril = torch.zeros(n, dim, dim)
    tril[:, idxs[0, :], idxs[1, :]] = x
    return tril


@torch.jit.script
def gaussian_log_prob(x, mu, chol_sig):
    dim = x.shape[0]
    chol_sig = _unflatten_tril(chol_sig)
    sig = chol_sig @ chol_sig.T
    const = -0.5 * dim * torch.log(torch.tensor(2 * np.pi))
    log_det = -0.5 * torch.logdet(x)
    exp = -0.5 * ((x - mu).T @ sig.inverse() @ (x - mu))
    return const + log_det + exp


# ---- vd_vae.py's top-down start (batch size 1 in the origin's integration test) --------------------
class TopDownStart(nn.Module):
    def __init__(self, channels, size, n_stacks):
        super().__init__()
        self._biases = nn.ParameterList(
            [nn.Parameter(torch.zeros(1, channels, size, size)) for _ in range(n_stacks)])
        self._convs = nn.ModuleList([nn.Conv2d(channels, channels, 3, padding=1) for _ in range(n_stacks)])

    def forward(self, n):
        x = torch.zeros_like(self._biases[-1]).repeat(n, 1, 1, 1)
        for conv, bias in zip(self._convs, reversed(self._biases)):
            x += bias.repeat(n, 1, 1, 1)
            x = x + conv(x)
        return x


# ---- tests.py's DummyLoader and the reproduce() loops -----------------------------------------------
class DummyLoader:
    def __init__(self, channels, size):
        self._xs = torch.randn((1, channels, size, size))
        self._ys = torch.tensor([0])

    def __iter__(self):
        self._exhausted = False
        return self

    def __next__(self):
        if not self._exhausted:
            self._exhausted = True
            return self._xs, self._ys
        raise StopIteration()


def bce_loss_fn(x, _, preds):
    batch_size = x.shape[0]
    x, preds = x.view((batch_size, -1)), preds.view((batch_size, -1))
    loss = F.binary_cross_entropy_with_logits(preds, x, reduction="none")
    return loss.sum(dim=1).mean()


def nade_loss_fn(x, _, preds):
    batch_size = x.shape[0]
    x, preds = x.view((batch_size, -1)), preds.view((batch_size, -1))
    loss = F.binary_cross_entropy(preds, x, reduction="none")
    return loss.sum(dim=1).mean()


def train_steps(name, model, loss_fn, loader, steps=2):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(steps):
        for x, y in loader:
            x = (x > 0).float()  # dynamically binarized, as get_mnist_loaders(dynamically_binarize=True)
            optimizer.zero_grad()
            preds = model(x)
            loss = loss_fn(x, y, preds)
            loss.backward()
            optimizer.step()
            print(f"{name} step {step}: loss {loss.item():.4f}")


def main():
    torch.manual_seed(0)
    try:
        GenerativeModel()
    except TypeError as e:
        print("TypeError:", e)

    nade = NADE(input_dim=64, hidden_dim=16)
    print("NADE parameters:", sum(p.numel() for p in nade.parameters()))
    train_steps("NADE", nade, nade_loss_fn, DummyLoader(1, 8))
    print("NADE shape buffers:", [(k, v.item()) for k, v in nade.named_buffers()])
    samples = nade.sample(n_samples=2)
    print("NADE sample:", tuple(samples.shape), sorted(set(samples.flatten().tolist())))
    partial = torch.full((1, 1, 8, 8), -1.0)
    partial[:, :, :4] = 1.0
    completed = nade.sample(conditioned_on=partial)
    print("NADE completion keeps the given half:", bool((completed[:, :, :4] == 1).all()),
          "fills the rest:", bool((completed >= 0).all()))

    pixel_cnn = PixelCNN(n_residual=2, residual_channels=8, head_channels=8)
    conv = pixel_cnn._input
    print("CausalConv2d mask rows (center masked):", conv.mask[0, 0, 2:5, 1:6].tolist())
    print("mask in state_dict:", "_input.mask" in pixel_cnn.state_dict())
    train_steps("PixelCNN", pixel_cnn, bce_loss_fn, DummyLoader(1, 8))
    print("weights stay masked:", bool((conv.weight * (1 - conv.mask)).abs().sum() == 0))
    samples = pixel_cnn.sample(n_samples=2)
    print("PixelCNN sample:", tuple(samples.shape), "ones:", int(samples.sum().item()))
    # the receptive field: changing the last pixel leaves every earlier output unchanged
    x = torch.randn(1, 1, 8, 8)
    y = x.clone()
    y[0, 0, 7, 7] += 1.0
    with torch.no_grad():
        same = torch.allclose(pixel_cnn(x)[0, 0].flatten()[:63], pixel_cnn(y)[0, 0].flatten()[:63])
    print("causal:", same)

    restored = PixelCNN(n_residual=2, residual_channels=8, head_channels=8)
    restored.load_state_dict(pixel_cnn.state_dict())
    print("restored shape buffers:", int(restored._c), int(restored._h), int(restored._w))

    mean, log_std = torch.randn(3, 4), torch.randn(3, 4) * 0.1
    print("unit KL: %.4f" % unit_gaussian_kl_div(mean, log_std).sum().item())
    print("KL(p||p): %.4f" % gaussian_kl_div(mean, log_std, mean, log_std).abs().max().item())
    z = sample_from_gaussian(mean, log_std)
    print("sample:", tuple(z.shape), "%.4f" % z.mean().item())
    tril = _unflatten_tril(torch.tensor([[2.0], [3.0]]))
    print("unflattened tril:", tril[0].tolist())
    print("tril_indices:", torch.tril_indices(3, 3).tolist(), torch.triu_indices(3, 4, 1).tolist())
    print(type(_unflatten_tril).__name__, "graph calls aten::tril_indices:",
          "aten::tril_indices" in str(_unflatten_tril.graph))

    top = TopDownStart(channels=4, size=4, n_stacks=2)
    out = top(1)
    out.sum().backward()
    print("top-down:", tuple(out.shape), "bias grads:", [round(b.grad.abs().sum().item(), 4) for b in top._biases])
    base = torch.zeros(2, 3)
    rep = base.repeat(1, 1)
    rep += 1
    print("repeat copies:", base.sum().item(), rep.sum().item(), rep._is_view())


if __name__ == "__main__":
    main()
