# torch.nn.init's Python part: runs in the module's dict after the native factory (bindings/nn.cpp:
# uniform_, normal_, constant_, ones_, zeros_, xavier_*, kaiming_*, calculate_gain) and adds
# orthogonal_, trunc_normal_, eye_, dirac_ and sparse_ with PyTorch's draws (same random calls in the
# same order) and errors. orthogonal_'s QR is Householder's, as LAPACK's geqrf/orgqr compute it,
# in the tensor's dtype.

import math
import warnings

import torch


def _f(x, dtype):
    # a Python float rounded to the tensor's dtype, as LAPACK's single-precision scalars are
    return torch.tensor(x, dtype=dtype).item()


def _householder_qr(a):
    # a: (m, n) with m >= n. Returns Q (m, n) and R's diagonal as LAPACK's geqr2 + org2r compute
    # them: reflectors H(i) = I - tau v v^T (v[0] = 1) zero column i below the diagonal (larfg),
    # are applied as C += v (-tau C^T v)^T (larf: gemv then ger), and Q = H(0) ... H(n-1) I is
    # formed in place, last reflector first.
    dtype = a.dtype
    m, n = a.shape[0], a.shape[1]
    a = a.clone()
    taus = []
    for i in range(n):
        alpha = a[i, i].item()
        xnorm = a[i + 1 :, i].norm().item() if i + 1 < m else 0.0
        if xnorm == 0.0:
            taus.append(0.0)
            continue
        beta = -math.copysign(_f(math.hypot(alpha, xnorm), dtype), alpha)
        tau = _f((beta - alpha) / beta, dtype)
        a[i + 1 :, i] = a[i + 1 :, i] * _f(1.0 / _f(alpha - beta, dtype), dtype)
        a[i, i] = beta
        taus.append(tau)
        if i + 1 < n:
            _apply_reflector(a, i, tau)
    diag = torch.stack([a[i, i] for i in range(n)])
    for i in reversed(range(n)):
        tau = taus[i]
        if i + 1 < n:
            a[i, i] = 1
            _apply_reflector(a, i, tau)
        if i + 1 < m:
            a[i + 1 :, i] = a[i + 1 :, i] * (-tau)
        a[i, i] = 1 - tau
        if i > 0:
            a[:i, i] = 0
    return a, diag


def _apply_reflector(a, i, tau):
    # larf('Left'): a[i:, i+1:] -= tau v (v^T a[i:, i+1:]), v = a[i:, i] with v[0] = 1
    v = a[i:, i].clone()
    v[0] = 1
    c = a[i:, i + 1 :]
    w = torch.mv(c.t(), v)
    a[i:, i + 1 :] = c + torch.outer(v, w * (-tau))


def orthogonal_(tensor, gain=1, generator=None):
    if tensor.ndimension() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)
    if rows < cols:
        flattened = flattened.t()
    q, d = _householder_qr(flattened)
    q = q * torch.sign(d)
    if rows < cols:
        q = q.t()
    with torch.no_grad():
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor


def _norm_cdf(x):
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn(
            "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
            "The distribution of values may be incorrect.",
            stacklevel=2,
        )
    with torch.no_grad():
        lo = _norm_cdf((a - mean) / std)
        hi = _norm_cdf((b - mean) / std)
        tensor.uniform_(2 * lo - 1, 2 * hi - 1, generator=generator)
        tensor.erfinv_()
        tensor.mul_(std * math.sqrt(2.0))
        tensor.add_(mean)
        tensor.clamp_(min=a, max=b)
        return tensor


def eye_(tensor):
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with torch.no_grad():
        tensor.zero_()
        for i in range(min(tensor.size(0), tensor.size(1))):
            tensor[i, i] = 1
    return tensor


def dirac_(tensor, groups=1):
    dimensions = tensor.ndimension()
    if dimensions not in [3, 4, 5]:
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                if dimensions == 3:
                    tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2] = 1
                elif dimensions == 4:
                    tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2] = 1
                else:
                    tensor[
                        g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2, tensor.size(4) // 2
                    ] = 1
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = int(math.ceil(sparsity * rows))
    with torch.no_grad():
        tensor.normal_(0, std, generator=generator)
        for col_idx in range(cols):
            row_indices = torch.randperm(rows)
            zero_indices = row_indices[:num_zeros]
            tensor[zero_indices, col_idx] = 0
    return tensor


def _make_deprecate(meth):
    # The pre-0.4 names without the trailing underscore: PyTorch keeps them as wrappers that warn
    # (FutureWarning, pointing at the caller) and then initialize in place.
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(
            f"`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new_name}`.",
            FutureWarning,
            stacklevel=2,
        )
        return meth(*args, **kwargs)

    deprecated_init.__name__ = old_name
    return deprecated_init


uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)


def _calculate_correct_fan(tensor, mode):
    # kaiming_*'s fan choice as torch/nn/init.py writes it (the native kaiming_ functions make the
    # same choice); LoRA layers and timm call it to scale their own initializations
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out
