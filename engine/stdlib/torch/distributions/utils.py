# torch.distributions.utils: broadcast_all, the probs/logits conversions, lazy_property and the
# private helpers the distributions share (_sum_rightmost, _standard_normal, _xlogy, euler_constant).
import math

import torch
import torch.nn.functional as F

# numbers.Number's built-in members (Kiln has no numbers module)
Number = (int, float)


def broadcast_all(*values):
    if not all(isinstance(v, (torch.Tensor, Number)) for v in values):
        raise ValueError("Input arguments must all be instances of numbers.Number, torch.Tensor or objects "
                         "implementing __torch_function__.")
    if not all(isinstance(v, torch.Tensor) for v in values):
        options = dict(dtype=torch.get_default_dtype())
        for value in values:
            if isinstance(value, torch.Tensor):
                options = dict(dtype=value.dtype, device=value.device)
                break
        new_values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, **options) for v in values]
        return torch.broadcast_tensors(*new_values)
    return torch.broadcast_tensors(*values)


def clamp_probs(probs):
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class lazy_property:
    # Computed on first access and then stored on the instance (a non-data descriptor, so the stored
    # value wins afterwards), as PyTorch's.
    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__ = getattr(wrapped, "__doc__", None)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


euler_constant = 0.57721566490153286060  # Euler Gamma constant


def _standard_normal(shape, dtype, device):
    # One normal_ fill of the full shape, the draw PyTorch's rsample paths make.
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    # Sums out the rightmost `dim` dimensions.
    if dim == 0:
        return value
    required_shape = value.shape[:value.dim() - dim] + (-1,)
    return value.reshape(required_shape).sum(-1)


def _xlogy(x, y):
    # torch.xlogy (x * log(y), 0 where x == 0 unless y is NaN), which Kiln's torch does not have.
    x, y = torch.broadcast_tensors(torch.as_tensor(x), torch.as_tensor(y)) if not (
        isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor)) else torch.broadcast_tensors(x, y)
    out = x * torch.log(y)
    zero = torch.zeros_like(out)
    return torch.where((x == 0) & ~torch.isnan(y), zero, out)


def _cauchy_fill(shape, dtype, device):
    # Tensor.cauchy_() as ATen's CPU kernel draws it (Kiln lacks cauchy_): one double uniform per
    # element (random64), then tan(pi * (u - 0.5)) in double, cast to the dtype.
    u = torch.rand(shape, dtype=torch.float64, device=device)
    return torch.tan(math.pi * (u - 0.5)).to(dtype)


def _gamma_sampling_unavailable(name):
    # Gamma, Chi2, Beta, Dirichlet and StudentT sample through ATen's _standard_gamma (Marsaglia-Tsang
    # rejection with a data-dependent number of uniform and normal draws per element); Kiln has no
    # implementation that reproduces PyTorch's draws, so it refuses rather than return other numbers.
    raise NotImplementedError(f"{name}.rsample: sampling from Gamma-family distributions is not available in "
                              "Kiln (it needs torch._standard_gamma, ATen's Marsaglia-Tsang sampler, whose "
                              "exact draws Kiln does not reproduce yet)")
