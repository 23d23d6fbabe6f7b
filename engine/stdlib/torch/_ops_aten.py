# The ATen operators that PyTorch also exposes as torch.<name> (torch._C._VariableFunctions) and that
# torch.nn.functional wraps: torch.conv2d, torch.max_pool2d, torch.dropout, torch.batch_norm,
# torch.layer_norm, torch.embedding, torch.cosine_similarity, torch.pixel_shuffle, torch.selu, ...
# Real programs call them directly (torch.conv2d(x, w, padding=1), torch.dropout(x, p, train),
# torch.embedding(weight, idx) in VQ-VAE codebooks). Each takes ATen's schema, not the functional
# wrapper's: torch.embedding(weight, indices, padding_idx=-1) puts the weight first, torch.batch_norm
# takes (weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled), pooling's
# stride=[] means "the kernel size", and the losses take the at::Reduction enum (0 none, 1 mean,
# 2 sum) rather than a string. The bodies forward to Kiln's torch.nn.functional (native kernels or
# its Python compositions), so gradients, tracing and errors are those of the functional forms.
# bindings/linalg_py.cpp installs them as torch.<name> (and the scatter/narrow_copy ones as Tensor
# methods) through its Python forwarder.
import math

import torch

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def _F():
    import torch.nn.functional as F
    return F


def _reduction(fname, reduction, position):
    if isinstance(reduction, bool) or not isinstance(reduction, int):
        raise TypeError(f"{fname}(): argument 'reduction' (position {position}) must be int, not "
                        f"{type(reduction).__name__}")
    if reduction not in _REDUCTIONS:
        raise RuntimeError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def _stride(stride):
    # ATen's pooling schemas default stride to [] (an empty list: the kernel size)
    if stride is None:
        return None
    if isinstance(stride, (list, tuple)) and len(stride) == 0:
        return None
    return stride


# ---- convolutions ---------------------------------------------------------------------------------

def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _F().conv1d(input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _F().conv2d(input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _F().conv3d(input, weight, bias, stride, padding, dilation, groups)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _F().conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _F().conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _F().conv_transpose3d(input, weight, bias, stride, padding, output_padding, groups, dilation)


# ---- pooling --------------------------------------------------------------------------------------

def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F().max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode=ceil_mode)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F().max_pool2d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode=ceil_mode)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F().max_pool3d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode=ceil_mode)


def max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F().max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode=ceil_mode,
                           return_indices=True)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return _F().avg_pool1d(input, kernel_size, _stride(stride), padding, ceil_mode, count_include_pad)


def adaptive_avg_pool1d(input, output_size):
    return _F().adaptive_avg_pool1d(input, output_size)


def adaptive_max_pool1d(input, output_size):
    # ATen's op returns (values, indices) always
    return _F().adaptive_max_pool1d(input, output_size, return_indices=True)


# ---- dropout --------------------------------------------------------------------------------------

def _check_p(p):
    if p < 0 or p > 1:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout(input, p, train):
    return _F().dropout(input, p, train)


def dropout_(input, p, train):
    return _F().dropout(input, p, train, inplace=True)


def alpha_dropout(input, p, train):
    return _F().alpha_dropout(input, p, train)


def _feature_noise(input, p):
    # ATen's _dropout_impl for the feature variants: one Bernoulli(1 - p) draw per (sample, channel),
    # broadcast over the remaining dims, scaled by 1 / (1 - p)
    if input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    shape = list(input.shape[:2]) + [1] * (input.dim() - 2)
    noise = torch.empty(shape, dtype=input.dtype).bernoulli_(1 - p)
    return noise


def feature_dropout(input, p, train):
    _check_p(p)
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        return input * torch.zeros((), dtype=input.dtype)
    return input * _feature_noise(input, p).div_(1 - p)


def feature_alpha_dropout(input, p, train):
    _check_p(p)
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        return input * torch.zeros((), dtype=input.dtype)
    alpha = 1.7580993408473766
    a = 1.0 / math.sqrt((alpha * alpha * p + 1) * (1 - p))
    noise = _feature_noise(input, p)
    b = noise.add(-1).mul_(alpha * a).add_(alpha * a * p)
    noise.mul_(a)
    return input * noise + b


# ---- normalization --------------------------------------------------------------------------------

def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    return _F().batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return _F().layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return _F().group_norm(input, num_groups, weight, bias, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    return _F().instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


# ---- embedding, shuffles, bilinear ----------------------------------------------------------------

def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    # ATen's padding_idx is -1 for "none" (any negative value matches no index)
    pad = padding_idx if padding_idx >= 0 else None
    return _F().embedding(indices, weight, pad, None, 2.0, scale_grad_by_freq, sparse)


def pixel_shuffle(input, upscale_factor):
    return _F().pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    return _F().pixel_unshuffle(input, downscale_factor)


def channel_shuffle(input, groups):
    return _F().channel_shuffle(input, groups)


def bilinear(input1, input2, weight, bias=None):
    return _F().bilinear(input1, input2, weight, bias)


# ---- activations ----------------------------------------------------------------------------------

def hardshrink(input, lambd=0.5):
    return _F().hardshrink(input, lambd)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    return _F().rrelu(input, lower, upper, training)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    return _F().rrelu(input, lower, upper, training, inplace=True)


def selu(input):
    return _F().selu(input)


def selu_(input):
    return _F().selu(input, inplace=True)


def celu(input, alpha=1.0):
    return _F().celu(input, alpha)


def celu_(input, alpha=1.0):
    return _F().celu(input, alpha, inplace=True)


def prelu(input, weight):
    return _F().prelu(input, weight)


def threshold(input, threshold, value):
    return _F().threshold(input, threshold, value)


def threshold_(input, threshold, value):
    return _F().threshold(input, threshold, value, inplace=True)


# ---- distances and losses -------------------------------------------------------------------------
# The ATen losses declare `int reduction=Mean`; PyTorch's Python argument parser reads an int default
# with atol, so "Mean" becomes 0 and torch.<loss>(a, b) without a reduction is unreduced (Reduction::None),
# unlike torch.nn.functional's 'mean'.

def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    return _F().cosine_similarity(x1, x2, dim, eps)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    return _F().pairwise_distance(x1, x2, p, eps, keepdim)


def pdist(input, p=2.0):
    return _F().pdist(input, p)


def kl_div(input, target, reduction=0, *, log_target=False):
    # the ATen op: no 'batchmean' and no warning for 'mean' (both belong to F.kl_div)
    red = _reduction("kl_div", reduction, 3)
    if log_target:
        out = torch.exp(target) * (target - input)
    else:
        out = torch.xlogy(target, target) - target * input
    if red == "mean":
        return out.mean()
    if red == "sum":
        return out.sum()
    return out


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    red = _reduction("binary_cross_entropy_with_logits", reduction, 5)
    return _F().binary_cross_entropy_with_logits(input, target, weight, reduction=red, pos_weight=pos_weight)


def hinge_embedding_loss(input, target, margin=1.0, reduction=0):
    return _F().hinge_embedding_loss(input, target, margin, reduction=_reduction("hinge_embedding_loss", reduction, 4))


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0):
    return _F().margin_ranking_loss(input1, input2, target, margin,
                                    reduction=_reduction("margin_ranking_loss", reduction, 5))


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0):
    return _F().cosine_embedding_loss(input1, input2, target, margin,
                                      reduction=_reduction("cosine_embedding_loss", reduction, 5))


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return _F().poisson_nll_loss(input, target, log_input, full, eps=eps,
                                 reduction=_reduction("poisson_nll_loss", reduction, 6))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-06, swap=False, reduction=0):
    return _F().triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                    reduction=_reduction("triplet_margin_loss", reduction, 8))


# ---- scatter forms and copies (also Tensor methods) -----------------------------------------------

def select_scatter(input, src, dim, index):
    view = input.select(dim, index)
    if tuple(src.shape) != tuple(view.shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = {list(src.shape)}, "
                           f"slice size = {list(view.shape)}")
    out = input.clone()
    out.select(dim, index).copy_(src)
    return out


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    idx = [slice(None)] * input.dim()
    idx[dim] = slice(start, end, step)
    view = input[tuple(idx)]
    if tuple(src.shape) != tuple(view.shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = {list(src.shape)}, "
                           f"slice size = {list(view.shape)}")
    out = input.clone()
    out[tuple(idx)] = src
    return out


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    view = input.diagonal(offset, dim1, dim2)
    if tuple(src.shape) != tuple(view.shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = {list(src.shape)}, "
                           f"slice size = {list(view.shape)}")
    out = input.clone()
    out.diagonal(offset, dim1, dim2).copy_(src)
    return out


def narrow_copy(input, dim, start, length):
    return input.narrow(dim, start, length).clone()


def vander(x, N=None, increasing=False):
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.size(0) if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dtype = torch.promote_types(x.dtype, torch.int64)
    rows = x.size(0)
    # ATen: ones in column 0, then the running product of x (cumprod), flipped unless increasing
    if n == 0:
        return torch.empty((rows, 0), dtype=dtype)
    cols = [torch.ones((rows, 1), dtype=dtype)]
    if n > 1:
        cols.append(torch.cumprod(x.to(dtype).unsqueeze(1).expand(rows, n - 1), dim=1))
    result = torch.cat(cols, dim=1)
    return result if increasing else result.flip(1)


_method_select_scatter = select_scatter
_method_slice_scatter = slice_scatter
_method_diagonal_scatter = diagonal_scatter
_method_narrow_copy = narrow_copy
_method_prelu = prelu



# ---- random-variate kernels of torch.distributions ---------------------------------------------
# torch._standard_gamma / torch._sample_dirichlet are the samplers behind Gamma, Beta and Dirichlet;
# programs call them directly (torchvision's RandomMixUp/RandomCutMix draw their mixing weight with
# float(torch._sample_dirichlet(torch.tensor([alpha, alpha]))[0])). Same RNG calls as ATen's CPU
# kernels (distributions/utils.py), so seeded draws match PyTorch's.
def _standard_gamma(input, generator=None):
    from torch.distributions import utils as _du
    if input.requires_grad and torch.is_grad_enabled():
        if generator is not None:
            raise RuntimeError("_standard_gamma with a generator does not record a gradient in Kiln")
        return _du._StandardGamma.apply(input)
    return _du._standard_gamma(input, generator)


def _sample_dirichlet(input, generator=None):
    # derivatives.yaml: self: not_implemented("_sample_dirichlet"); the result has no grad_fn here
    from torch.distributions import utils as _du
    with torch.no_grad():
        return _du._sample_dirichlet(input, generator)


def _standard_gamma_grad(input, output):
    from torch.distributions import utils as _du
    return _du._standard_gamma_grad(input, output)


def _dirichlet_grad(x, alpha, total):
    # ATen's _dirichlet_grad: elementwise over the broadcast x, alpha, total (the Beta(alpha, total - alpha)
    # reparameterized derivative, computed in double and cast back to x's dtype).
    from torch.distributions import utils as _du
    x, alpha, total = torch.broadcast_tensors(x, alpha, total)
    xs = x.detach().reshape(-1).tolist()
    al = alpha.detach().reshape(-1).tolist()
    tt = total.detach().reshape(-1).tolist()
    vals = [_du._dirichlet_grad_one(xs[i], al[i], tt[i]) for i in range(len(xs))]
    return torch.tensor(vals, dtype=torch.float64).to(x.dtype).reshape(x.shape)
