# torch.nn.functional's functions that Kiln writes in Python, as compositions of its native,
# differentiable tensor ops (so autograd, tracing and compile see ordinary ops): celu, prelu,
# rms_norm, instance_norm, pixel_shuffle/pixel_unshuffle, interpolate/upsample (nearest,
# nearest-exact, linear, bilinear and bicubic with align_corners), conv_transpose1d/2d/3d, max_pool1d, avg_pool1d,
# adaptive_avg_pool1d, unfold/fold (im2col/col2im), affine_grid and grid_sample (4-D: bilinear and nearest), and the losses cosine_embedding_loss, margin_ranking_loss,
# triplet_margin_loss, hinge_embedding_loss, soft_margin_loss, multilabel_soft_margin_loss,
# gaussian_nll_loss, poisson_nll_loss; embedding_bag (PyTorch's argument checks over the native
# torch.embedding_bag, ops/embedding_bag.cpp); ctc_loss (over the native torch.ctc_loss, ops/ctc_loss.cpp); gumbel_softmax
# (PyTorch's draw order: an exponential_ fill, then -log).
#
# torch.nn.functional finds them here on first use (its module __getattr__, bindings/functional.cpp).
# Formulas and index arithmetic follow ATen's CPU kernels (interpolation indices and weights are
# computed in the input's float dtype, as ATen's opmath does for float32), error texts PyTorch's.

import math
import warnings

import torch
import torch.nn.functional as F

__all__ = [
    "softsign",
    "embedding_bag",
    "ctc_loss",
    "unfold",
    "fold",
    "normalize",
    "celu",
    "celu_",
    "prelu",
    "rms_norm",
    "instance_norm",
    "pixel_shuffle",
    "pixel_unshuffle",
    "channel_shuffle",
    "native_channel_shuffle",
    "rrelu",
    "rrelu_",
    "pdist",
    "interpolate",
    "upsample",
    "upsample_nearest",
    "upsample_bilinear",
    "conv_transpose1d",
    "conv_transpose2d",
    "conv_transpose3d",
    "max_pool1d",
    "avg_pool1d",
    "adaptive_avg_pool1d",
    "cosine_embedding_loss",
    "margin_ranking_loss",
    "triplet_margin_loss",
    "triplet_margin_with_distance_loss",
    "hinge_embedding_loss",
    "soft_margin_loss",
    "multilabel_soft_margin_loss",
    "gaussian_nll_loss",
    "poisson_nll_loss",
    "softshrink",
    "hardshrink",
    "tanhshrink",
    "adaptive_max_pool1d",
    "adaptive_max_pool3d",
    "fractional_max_pool2d",
    "local_response_norm",
    "bilinear",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "affine_grid",
    "grid_sample",
    "multi_head_attention_forward",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
    "gumbel_softmax",
    "lp_pool1d",
    "lp_pool2d",
    "lp_pool3d",
]


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "elementwise_mean":
        # torch.nn._reduction.get_enum: the PyTorch 0.4 spelling of 'mean', still accepted with a warning
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.")
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy_reduction(size_average, reduce, reduction):
    # size_average/reduce (deprecated) override reduction, as torch.nn._reduction.legacy_get_string.
    if size_average is None and reduce is None:
        return reduction
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = "mean"
    elif reduce:
        ret = "sum"
    else:
        ret = "none"
    warnings.warn(
        "size_average and reduce args will be deprecated, please use reduction='" + ret + "' instead."
    )
    return ret


def _ntuple(x, n):
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x,) * n


# ---- activations ---------------------------------------------------------------------------------


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    # PyTorch's own composition (torch/nn/functional.py), so that a trace records its ops (norm,
    # clamp_min, expand_as, div) and torch.compile differentiates them.
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
    return torch.div(input, denom, out=out)


def _require_float_kernel(t, kernel):
    # ATen's activation kernels dispatch over floating types only (native/cpu/Activation.cpp): an
    # integer or bool input is NotImplementedError naming the CPU kernel (torch.ops' check, as the C++ ops)
    if not (t.is_floating_point() or t.is_complex()):
        from torch._ops_more import _scalar_type
        raise NotImplementedError(f'"{kernel}" not implemented for \'{_scalar_type(t.dtype)}\'')


def celu(input, alpha=1.0, inplace=False):
    # elu with input_scale 1/alpha: alpha * (exp(x / alpha) - 1) where x <= 0
    _require_float_kernel(input, "elu_cpu")
    neg = (torch.exp(input * (1.0 / alpha)) - 1) * alpha
    out = torch.where(input > 0, input, neg)
    if inplace:
        return input.copy_(out)
    return out


def celu_(input, alpha=1.0):
    return celu(input, alpha, True)


def prelu(input, weight):
    # ATen's prelu (Activation.cpp): its checks in its order, the weight reshaped to broadcast over
    # the input's channel dim (a view, so the weight's gradient flows through ViewBackward0), then
    # the one _prelu_kernel op (PreluKernelBackward0).
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {_scalar_name(input.dtype)} and "
                           f"{_scalar_name(weight.dtype)}")
    if weight.numel() != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.size(1) if input.dim() > 1 else 1
        if weight.numel() != channels:
            raise RuntimeError(
                "Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                f"{weight.numel()} and channel size = {channels}."
            )
    if weight.dim() > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.dim()}")
    w = weight
    if input.dim() != weight.dim():
        shape = [1] * input.dim()
        if input.dim() > 1:
            shape[1] = weight.numel()
        w = weight.reshape(shape)
    return torch._kiln_prelu_kernel(input, w)


def _scalar_name(dtype):  # c10's ScalarType names in ATen's messages (Float, Double, Half, ...)
    return {"torch.float32": "Float", "torch.float64": "Double", "torch.float16": "Half",
            "torch.bfloat16": "BFloat16"}.get(str(dtype), str(dtype))


_EPS = {
    "torch.float32": 1.1920928955078125e-07,
    "torch.float64": 2.220446049250313e-16,
    "torch.float16": 0.0009765625,
    "torch.bfloat16": 0.0078125,
}


# ---- normalization -------------------------------------------------------------------------------


def rms_norm(input, normalized_shape, weight=None, eps=None):
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    normalized_shape = tuple(normalized_shape)
    n = len(normalized_shape)
    if tuple(input.shape[input.dim() - n:]) != normalized_shape or input.dim() < n:
        raise RuntimeError(
            f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
            f"[*, {', '.join(str(s) for s in normalized_shape)}], but got input of size{input.shape}"
        )
    if eps is None:
        eps = _EPS.get(str(input.dtype), _EPS["torch.float32"])  # torch.finfo(input.dtype).eps
    dims = list(range(input.dim() - n, input.dim()))
    rqrst = torch.rsqrt(input.pow(2).mean(dims, keepdim=True) + eps)
    out = input * rqrst
    if weight is not None:
        out = out * weight
    return out


def instance_norm(
    input,
    running_mean=None,
    running_var=None,
    weight=None,
    bias=None,
    use_input_stats=True,
    momentum=0.1,
    eps=1e-5,
):
    # ATen's instance_norm: batch_norm over the input viewed as (1, N * C, *spatial), with weight,
    # bias and running stats repeated N times; the running stats are folded back by a mean over N.
    if input.dim() < 2:
        raise ValueError(f"Expected 2D or more input (got {input.dim()}D input)")
    shape = list(input.shape)
    b, c = shape[0], shape[1]
    spatial = 1
    for s in shape[2:]:
        spatial *= s
    if use_input_stats and spatial == 1:
        raise ValueError(
            f"Expected more than 1 spatial element when training, got input size {list(input.shape)}"
        )
    x = input.reshape([1, b * c] + shape[2:])
    rm = running_mean.repeat(b) if running_mean is not None else None
    rv = running_var.repeat(b) if running_var is not None else None
    w = weight.repeat(b) if weight is not None else None
    bb = bias.repeat(b) if bias is not None else None
    out = F.batch_norm(x, rm, rv, w, bb, use_input_stats, momentum, eps)
    if running_mean is not None and use_input_stats:
        with torch.no_grad():
            running_mean.copy_(rm.reshape(b, c).mean(0))
    if running_var is not None and use_input_stats:
        with torch.no_grad():
            running_var.copy_(rv.reshape(b, c).mean(0))
    return out.reshape(shape)


# ---- pixel shuffle -------------------------------------------------------------------------------


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    # ATen's rrelu_with_noise: in training each element <= 0 is scaled by its own uniform(lower, upper)
    # draw, taken in memory order from a double-precision uniform (so the draws are those of a float64
    # uniform_ over just those elements); in eval the slope is (lower + upper) / 2 (leaky_relu)
    if lower > upper:
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    if not training:
        return F.leaky_relu(input, (lower + upper) / 2, inplace)
    nonpos = input.detach().reshape(-1) <= 0
    noise = torch.ones(input.numel(), dtype=input.dtype)
    k = int(nonpos.sum())
    if k:
        noise[nonpos] = torch.empty(k, dtype=torch.float64).uniform_(lower, upper).to(input.dtype)
    noise = noise.view(input.shape)
    if inplace:
        return input.mul_(noise)
    return input * noise


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, True)


def channel_shuffle(input, groups):
    # ATen's math_channel_shuffle: (N, g, C/g, *) -> (N, C/g, g, *) -> (N, C, *)
    if input.dim() <= 2:
        raise RuntimeError(
            f"channel_shuffle expects input to have at least 3 dimensions, but got input with {input.dim()} dimension(s)"
        )
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    c = input.size(1)
    if c % groups != 0:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {c} channels and {groups} groups.")
    n = input.size(0)
    out = input.reshape(n, groups, c // groups, -1).permute(0, 2, 1, 3)
    return out.reshape(input.shape)


native_channel_shuffle = channel_shuffle


def pdist(input, p=2):
    # the p-norm distance of every row pair i < j, in row-major order (N * (N - 1) / 2 values)
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if not input.is_floating_point():
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    n = input.size(0)
    if n <= 1:
        return torch.empty((0,), dtype=input.dtype)
    i, j = torch.triu_indices(n, n, 1)
    return torch.linalg.vector_norm(input[i] - input[j], ord=p, dim=1)


def pixel_shuffle(input, upscale_factor):
    if input.dim() < 3:
        raise RuntimeError(
            f"pixel_shuffle expects input to have at least 3 dimensions, but got input with {input.dim()} dimension(s)"
        )
    r = upscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {r}")
    shape = list(input.shape)
    c, h, w = shape[-3], shape[-2], shape[-1]
    if c % (r * r) != 0:
        raise RuntimeError(
            "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
            f"upscale_factor, but input.size(-3)={c} is not divisible by {r * r}"
        )
    batch = shape[:-3]
    oc = c // (r * r)
    nb = len(batch)
    x = input.reshape(batch + [oc, r, r, h, w])
    perm = list(range(nb)) + [nb, nb + 3, nb + 1, nb + 4, nb + 2]
    return x.permute(perm).reshape(batch + [oc, h * r, w * r])


def pixel_unshuffle(input, downscale_factor):
    if input.dim() < 3:
        raise RuntimeError(
            f"pixel_unshuffle expects input to have at least 3 dimensions, but got input with {input.dim()} dimension(s)"
        )
    r = downscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_unshuffle expects a positive downscale_factor, but got {r}")
    shape = list(input.shape)
    c, h, w = shape[-3], shape[-2], shape[-1]
    if h % r != 0:
        raise RuntimeError(
            "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)="
            f"{h} is not divisible by {r}"
        )
    if w % r != 0:
        raise RuntimeError(
            "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)="
            f"{w} is not divisible by {r}"
        )
    batch = shape[:-3]
    nb = len(batch)
    x = input.reshape(batch + [c, h // r, r, w // r, r])
    perm = list(range(nb)) + [nb, nb + 2, nb + 4, nb + 1, nb + 3]
    return x.permute(perm).reshape(batch + [c * r * r, h // r, w // r])


# ---- interpolation -------------------------------------------------------------------------------


def _round_f32(x):
    # x rounded to the nearest float32 (ties to even), in Python arithmetic: no tensor, so
    # Dynamo traces it as a constant
    if x == 0 or not math.isfinite(x):
        return x
    a = abs(x)
    e = math.floor(math.log2(a))
    if 2.0**e > a:
        e -= 1
    elif 2.0 ** (e + 1) <= a:
        e += 1
    ulp = 2.0 ** (e - 23)  # a is in [2^e, 2^(e+1)): float32 keeps 24 significant bits
    return math.copysign(round(a / ulp) * ulp, x)


def _opmath(input):
    return torch.float64 if input.dtype == torch.float64 else torch.float32


def _round_to(x, dtype):
    # a Python float as ATen's opmath computes it: float for float32/16 inputs, double for float64
    return x if dtype == torch.float64 else _round_f32(x)


def _scale_value(scale, in_size, out_size, dtype):
    # compute_scales_value: 1 / scale_factor when one was given, else in / out, in the opmath type
    if scale is not None and scale > 0:
        return _round_to(1.0 / scale, dtype)
    return _round_to(in_size / out_size, dtype)


def _nearest_indices(in_size, out_size, scale, exact, dtype, device):
    if not exact and out_size == in_size:
        return torch.arange(out_size, device=device)
    if not exact and out_size == 2 * in_size:
        return torch.div(torch.arange(out_size, device=device), 2, rounding_mode="floor")
    s = _scale_value(scale, in_size, out_size, dtype)
    pos = torch.arange(out_size, dtype=dtype, device=device)
    if exact:
        pos = pos + 0.5
    idx = torch.floor(pos * s).long()
    return torch.clamp(idx, max=in_size - 1)


def _linear_indices(in_size, out_size, scale, align_corners, dtype, device):
    # area_pixel_compute_scale / _source_index, then ATen's guard_index_and_lambda
    if align_corners:
        s = _round_to((in_size - 1) / (out_size - 1), dtype) if out_size > 1 else 0.0
        real = torch.arange(out_size, dtype=dtype, device=device) * s
    else:
        s = _scale_value(scale, in_size, out_size, dtype)
        real = (torch.arange(out_size, dtype=dtype, device=device) + 0.5) * s - 0.5
        real = torch.clamp(real, min=0)
    i0 = torch.clamp(torch.floor(real).long(), max=in_size - 1)
    lam = torch.clamp(real - i0.to(dtype), min=0, max=1)
    i1 = torch.clamp(i0 + 1, max=in_size - 1)
    return i0, i1, 1 - lam, lam


def _cubic_indices(in_size, out_size, scale, align_corners, dtype, device):
    # compute_indices_weights_cubic: four taps input_index - 1 .. + 2 (clamped to the input), with
    # Keys' cubic convolution weights (A = -0.75) of the fractional position, in the opmath type
    a_ = -0.75
    if align_corners:
        s = _round_to((in_size - 1) / (out_size - 1), dtype) if out_size > 1 else 0.0
        real = torch.arange(out_size, dtype=dtype, device=device) * s
    else:
        s = _scale_value(scale, in_size, out_size, dtype)
        real = (torch.arange(out_size, dtype=dtype, device=device) + 0.5) * s - 0.5
    base = torch.floor(real)
    t = real - base
    base = base.long()
    x2 = 1.0 - t

    def conv1(x):
        return ((a_ + 2) * x - (a_ + 3)) * x * x + 1

    def conv2(x):
        return ((a_ * x - 5 * a_) * x + 8 * a_) * x - 4 * a_

    weights = [conv2(t + 1.0), conv1(t), conv1(x2), conv2(x2 + 1.0)]
    indices = [torch.clamp(base + (j - 1), min=0, max=in_size - 1) for j in range(4)]
    return indices, weights


def _interp_dim_nearest(x, dim, in_size, out_size, scale, exact):
    idx = _nearest_indices(in_size, out_size, scale, exact, _opmath(x), x.device)
    return torch.index_select(x, dim, idx)


def _aa_filter(mode, r):
    # ATen's aa_filter: the triangle for bilinear; for bicubic Keys' cubic convolution with a = -0.5
    # (PIL's choice, not the -0.75 of non-antialiased bicubic), each float32 operation rounded as
    # ATen computes it for float32 input.
    if mode == "bilinear":
        return lambda x: r(1.0 - x) if x < 1.0 else 0.0
    a = -0.5

    def cubic(x):
        if x < 1.0:
            return r(r(r(r(r((a + 2) * x) - (a + 3)) * x) * x) + 1.0)
        if x < 2.0:
            return r(r(r(r(r(r(a * x) - 5 * a) * x) + 8 * a) * x) - 4 * a)
        return 0.0

    return cubic


def _aa_weights(in_size, out_size, scale, dtype, device, mode):
    # ATen's _compute_weights_aa (UpSampleKernel.cpp), with its float32 roundings for float32 input:
    # the support (interp_size / 2, times the downscale factor when shrinking: the antialiasing) grows
    # with the factor, each row's weights are normalised by their sum. Returns (index (out, K) int64,
    # weight (out, K)), K the widest row.
    r = (lambda v: v) if dtype == torch.float64 else _round_f32
    filt = _aa_filter(mode, r)
    half = 1.0 if mode == "bilinear" else 2.0
    sc = _scale_value(scale, in_size, out_size, dtype)
    support = r(half * sc) if sc >= 1.0 else half
    invscale = r(1.0 / sc) if sc >= 1.0 else 1.0
    rows = []
    width = 1
    for i in range(out_size):
        center = r(sc * (i + 0.5))
        xmin = max(int(r(center - support) + 0.5), 0)
        xsize = min(int(r(center + support) + 0.5), in_size) - xmin
        ws = []
        total = 0.0
        for j in range(xsize):
            x = abs(r((r(j + xmin - center) + 0.5) * invscale))
            w = filt(x)
            ws.append(w)
            total = r(total + w)
        if total != 0.0:
            ws = [r(w / total) for w in ws]
        rows.append((xmin, ws))
        width = max(width, len(ws))
    idx = []
    wts = []
    for xmin, ws in rows:
        idx.append([min(xmin + j, in_size - 1) for j in range(width)])
        wts.append(ws + [0.0] * (width - len(ws)))
    return (torch.tensor(idx, dtype=torch.int64, device=device), torch.tensor(wts, dtype=dtype, device=device))


def _interp_aa(input, output_size, scale_factors, mode):
    # upsample_{bilinear,bicubic}2d_aa: separable passes, width first then height (each skipped when that
    # size stays), each output the running sum src[xmin] * w0 + src[xmin + 1] * w1 + ... as ATen adds it.
    dtype = _opmath(input)
    scales = scale_factors if scale_factors is not None else [None, None]
    x = input
    for d in (1, 0):
        n_in = x.size(2 + d)
        n_out = output_size[d]
        if n_in == n_out:
            continue
        idx, w = _aa_weights(n_in, n_out, scales[d], dtype, input.device, mode)
        w = w.to(input.dtype)
        out = None
        for j in range(idx.size(1)):
            src = torch.index_select(x, 2 + d, idx[:, j])
            wj = w[:, j] if d == 1 else w[:, j].reshape(-1, 1)
            term = src * wj
            out = term if out is None else out + term
        x = out
    return x


def _upsample_common_check(in_sizes, out_sizes):
    # ATen's upsample_{1,2,3}d_common_check (UpSample.h): every spatial size, in and out, positive
    if all(i > 0 for i in in_sizes) and all(o > 0 for o in out_sizes):
        return
    names = ("D", "H", "W")[3 - len(in_sizes):]
    inp = ", ".join(f"{n}: {v}" for n, v in zip(names, in_sizes))
    out = ", ".join(f"{n}: {v}" for n, v in zip(names, out_sizes))
    sep = ") and output (" if len(in_sizes) == 1 else ") output ("
    raise RuntimeError(f"Input and output sizes should be greater than 0, but got input ({inp}{sep}{out})")


def _upsample_dispatch_name(input, output_size, mode, dim):
    # The name of the first floating-only dispatch that an integer `input` reaches in ATen's CPU
    # upsample kernels (native/cpu/UpSampleKernel.cpp), or None where the dtype is accepted. The
    # 2-d and 3-d kernels pick a channels-last implementation by memory format, channel count and
    # output size (_use_vectorized_kernel_cond_2d/_3d); the generic N-d kernel first computes its
    # indices and weights in the input's dtype (compute_indices_weights_<mode>), so that name fires.
    # uint8 is accepted by nearest everywhere and by bilinear/bicubic (their separable uint8 path).
    if input.dtype == torch.uint8 and mode in ("nearest", "nearest-exact", "bilinear", "bicubic"):
        return None
    c = input.size(1)
    cond2d = dim == 2 and (
        (input.is_contiguous(memory_format=torch.channels_last) and c > 3)
        or output_size[-2] + output_size[-1] <= 128)
    cond3d = dim == 3 and input.is_contiguous(memory_format=torch.channels_last_3d) and c > 3
    if mode in ("nearest", "nearest-exact"):
        if cond2d:
            return "upsample_nearest2d_channels_last"
        if cond3d:
            return "upsample_nearest3d_channels_last"
        return "compute_indices_weights_nearest"
    if mode == "linear" and dim == 1:
        return "compute_indices_weights_linear"
    if mode == "bilinear" and dim == 2:
        # one thread and three channels (images) also take the channels-last kernel
        if cond2d or (torch.get_num_threads() == 1 and c == 3):
            return "upsample_bilinear2d_channels_last"
        return "compute_indices_weights_linear"
    if mode == "trilinear" and dim == 3:
        return "upsample_trilinear3d_channels_last" if cond3d else "compute_indices_weights_linear"
    if mode == "bicubic" and dim == 2:
        return "compute_indices_weights_cubic"
    return None


def interpolate(
    input,
    size=None,
    scale_factor=None,
    mode="nearest",
    align_corners=None,
    recompute_scale_factor=None,
    antialias=False,
):
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError(
                "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear"
            )
    else:
        if align_corners is None:
            align_corners = False
    dim = input.dim() - 2
    if dim < 1:
        raise ValueError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the modes: "
            f"nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {mode})"
        )
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {list(input.shape[2:])} and output size of {size}. "
                    "Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in "
                    "(o1, o2, ...,oK) format."
                )
            output_size = [int(s) for s in size]
        else:
            output_size = [int(size)] * dim
        scale_factors = None
    elif scale_factor is not None:
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    "Input and scale_factor must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {list(input.shape[2:])} and scale_factor of shape {scale_factor}. "
                    "Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in "
                    "(s1, s2, ...,sK) format."
                )
            scale_factors = [float(s) for s in scale_factor]
        else:
            scale_factors = [float(scale_factor)] * dim
        output_size = None
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError(
            "recompute_scale_factor is not meaningful with an explicit size."
        )
    if output_size is None:
        output_size = [math.floor(float(input.size(i + 2)) * scale_factors[i]) for i in range(dim)]
        if recompute_scale_factor:
            scale_factors = None
    if mode != "area":
        _upsample_common_check([input.size(i + 2) for i in range(dim)], output_size)
    if antialias:
        if mode not in ("bilinear", "bicubic") or input.dim() != 4:
            raise ValueError(
                "Anti-alias option is restricted to bilinear and bicubic modes and requires a 4-D tensor as input"
            )
        if align_corners:
            raise NotImplementedError("interpolate(antialias=True, align_corners=True) is not supported in Kiln")
        # The separable anti-aliased kernel copies an input whose size stays; otherwise each pass
        # computes its weights in the input's dtype (uint8: int16 weights), floating types only
        if (not (input.is_floating_point() or input.is_complex()) and input.dtype != torch.uint8
                and list(output_size) != [input.size(2), input.size(3)]):
            _require_float_kernel(input, "compute_index_ranges_weights")
        return _interp_aa(input, output_size, scale_factors, mode)
    scales = scale_factors if scale_factors is not None else [None] * dim
    in_sizes = [input.size(i + 2) for i in range(dim)]
    # The interpolating kernels dispatch over floating types (nearest, bilinear and bicubic also
    # uint8): another integer or bool input is their NotImplementedError, where the weights cast to
    # its dtype gave wrong values and nearest copied integers through
    if mode != "area" and not (input.is_floating_point() or input.is_complex()):
        kernel = _upsample_dispatch_name(input, output_size, mode, dim)
        if kernel is not None:
            _require_float_kernel(input, kernel)

    if mode in ("nearest", "nearest-exact"):
        x = input
        for d in range(dim):
            x = _interp_dim_nearest(x, d + 2, in_sizes[d], output_size[d], scales[d], mode == "nearest-exact")
        return x
    if mode == "linear" and dim == 1 or mode == "bilinear" and dim == 2:
        dtype = _opmath(input)
        if dim == 1:
            i0, i1, l0, l1 = _linear_indices(in_sizes[0], output_size[0], scales[0], align_corners, dtype, input.device)
            l0 = l0.to(input.dtype)
            l1 = l1.to(input.dtype)
            return torch.index_select(input, 2, i0) * l0 + torch.index_select(input, 2, i1) * l1
        h0, h1, lh0, lh1 = _linear_indices(in_sizes[0], output_size[0], scales[0], align_corners, dtype, input.device)
        w0, w1, lw0, lw1 = _linear_indices(in_sizes[1], output_size[1], scales[1], align_corners, dtype, input.device)
        lh0 = lh0.to(input.dtype).reshape(-1, 1)
        lh1 = lh1.to(input.dtype).reshape(-1, 1)
        lw0 = lw0.to(input.dtype)
        lw1 = lw1.to(input.dtype)
        # ATen's lh0 * (lw0 * x00 + lw1 * x01) + lh1 * (lw0 * x10 + lw1 * x11): the width terms of
        # every input row once ([N, C, H, OW]), then the two rows of each output row; the same
        # products and sums as forming them per output row (bit for bit), half the passes over
        # output-sized tensors
        tw = torch.index_select(input, 3, w0) * lw0 + torch.index_select(input, 3, w1) * lw1
        return torch.index_select(tw, 2, h0) * lh0 + torch.index_select(tw, 2, h1) * lh1
    if mode == "trilinear" and dim == 3:
        # ATen's cpu_upsample_linear nests the weights depth, height, width:
        # ld0 * (lh0 * (lw0 * x000 + lw1 * x001) + lh1 * (...)) + ld1 * (...)
        dtype = _opmath(input)
        idx = [_linear_indices(in_sizes[d], output_size[d], scales[d], align_corners, dtype, input.device)
               for d in range(3)]
        d0, d1, ld0, ld1 = idx[0]
        h0, h1, lh0, lh1 = idx[1]
        w0, w1, lw0, lw1 = idx[2]
        ld0 = ld0.to(input.dtype).reshape(-1, 1, 1)
        ld1 = ld1.to(input.dtype).reshape(-1, 1, 1)
        lh0 = lh0.to(input.dtype).reshape(-1, 1)
        lh1 = lh1.to(input.dtype).reshape(-1, 1)
        lw0 = lw0.to(input.dtype)
        lw1 = lw1.to(input.dtype)

        def plane(x):  # x: the input at one depth index per output depth
            top = torch.index_select(x, 3, h0)
            bottom = torch.index_select(x, 3, h1)
            t0 = torch.index_select(top, 4, w0) * lw0 + torch.index_select(top, 4, w1) * lw1
            t1 = torch.index_select(bottom, 4, w0) * lw0 + torch.index_select(bottom, 4, w1) * lw1
            return t0 * lh0 + t1 * lh1

        return plane(torch.index_select(input, 2, d0)) * ld0 + plane(torch.index_select(input, 2, d1)) * ld1
    if mode == "bicubic" and dim == 2:
        dtype = _opmath(input)
        hi, hw = _cubic_indices(in_sizes[0], output_size[0], scales[0], align_corners, dtype, input.device)
        wi, ww = _cubic_indices(in_sizes[1], output_size[1], scales[1], align_corners, dtype, input.device)
        out = None
        for a in range(4):
            rows = torch.index_select(input, 2, hi[a])
            t = None
            for b in range(4):
                term = torch.index_select(rows, 3, wi[b]) * ww[b].to(input.dtype)
                t = term if t is None else t + term
            term = t * hw[a].to(input.dtype).reshape(-1, 1)
            out = term if out is None else out + term
        return out
    if mode in ("linear", "bilinear", "trilinear", "bicubic"):
        expected = {"linear": 3, "bilinear": 4, "trilinear": 5, "bicubic": 4}[mode]
        if input.dim() != expected:
            raise NotImplementedError(
                f"Got {input.dim()}D input, but {mode} mode needs {expected}D input"
            )
        raise NotImplementedError(f"interpolate(mode='{mode}') is not supported in Kiln")
    if mode == "area":
        if dim == 1:
            return adaptive_avg_pool1d(input, output_size)
        if dim == 2:
            return F.adaptive_avg_pool2d(input, output_size)
        return F.adaptive_avg_pool3d(input, output_size)
    raise NotImplementedError(
        f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the modes: "
        f"nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {mode})"
    )


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


# ---- transposed convolution ----------------------------------------------------------------------


# A trace records one call, as PyTorch's C++ conv_transpose*d does (aten::_convolution, transposed);
# elsewhere (Dynamo inlines these frames) the composition runs as plain Python.
_CONV_TRANSPOSE_SPEC = "conv_transpose%dd(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1)"


def _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, nd, name):
    # The gradient of a convolution: zeros inserted between the input's elements (stride), padded
    # by dilation * (k - 1) - padding (plus output_padding at the end), then convolved with the
    # flipped kernel whose in/out channels are swapped per group.
    stride = _ntuple(stride, nd)
    padding = _ntuple(padding, nd)
    output_padding = _ntuple(output_padding, nd)
    dilation = _ntuple(dilation, nd)
    unbatched = input.dim() == nd + 1
    if unbatched:
        input = input.unsqueeze(0)
    if input.dim() != nd + 2:
        raise RuntimeError(
            f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input of size: {list(input.shape)}"
        )
    if weight.dim() != nd + 2:
        raise RuntimeError(
            f"weight should have at least three dimensions" if nd == 1 else f"Expected {nd + 2}-dimensional weight"
        )
    cin = weight.size(0)
    if input.size(1) != cin:
        raise RuntimeError(
            f"Given transposed=1, weight of size {list(weight.shape)}, expected input{list(input.shape)} to have "
            f"{cin} channels, but got {input.size(1)} channels instead"
        )
    for d in range(nd):
        if output_padding[d] >= stride[d] and output_padding[d] >= dilation[d]:
            raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                               f"output_padding: {list(output_padding)}, stride: {list(stride)}, dilation: {list(dilation)}")
    if nd >= 2 and not torch.compiler.is_compiling():
        # the transposed convolution's own kernels (eager; None where they do not apply). A compiled
        # graph records the composition below.
        out = F._conv_transpose_direct(input, weight, bias, stride, padding, output_padding, groups, dilation)
        if out is not None:
            return out.squeeze(0) if unbatched else out
    cout_g = weight.size(1)
    k = [weight.size(2 + d) for d in range(nd)]
    # weight (Cin, Cout/g, *k) -> (Cout, Cin/g, *k), flipped
    w = weight.reshape([groups, cin // groups, cout_g] + k).transpose(1, 2).reshape([groups * cout_g, cin // groups] + k)
    w = torch.flip(w, [2 + d for d in range(nd)])
    x = input
    shape = list(x.shape)
    for d in range(nd):
        s = stride[d]
        if s > 1:
            axis = 2 + d
            n = x.size(axis)
            # interleave s - 1 zeros after every element along axis, keep (n - 1) * s + 1 of them
            x = x.unsqueeze(axis + 1)
            zshape = list(x.shape)
            zshape[axis + 1] = s - 1
            x = torch.cat([x, torch.zeros(zshape, dtype=x.dtype, device=x.device)], axis + 1)
            shape = list(x.shape)
            x = x.reshape(shape[:axis] + [n * s] + shape[axis + 2 :])
            x = x.narrow(axis, 0, (n - 1) * s + 1)
    pads = []
    for d in range(nd - 1, -1, -1):  # F.pad's order: the last dimension first
        lo = dilation[d] * (k[d] - 1) - padding[d]
        pads = pads + [lo, lo + output_padding[d]]
    # (plain loops, not any()/min() over the sizes: Kiln's Dynamo traces these frames whole)
    cropped = False
    padded = False
    for p in pads:
        cropped = cropped or p < 0
        padded = padded or p > 0
    if cropped:
        # negative padding crops
        for d in range(nd):
            axis = 2 + d
            lo, hi = pads[2 * (nd - 1 - d)], pads[2 * (nd - 1 - d) + 1]
            start = -lo if lo < 0 else 0
            stop = x.size(axis) + hi if hi < 0 else x.size(axis)
            x = x.narrow(axis, start, stop - start)
        pads = [p if p > 0 else 0 for p in pads]
    if padded:
        x = F.pad(x, pads)
    if nd == 1:
        out = F.conv1d(x, w, bias, 1, 0, dilation[0], groups)
    elif nd == 2:
        out = F.conv2d(x, w, bias, 1, 0, dilation, groups)
    else:
        out = F.conv3d(x, w, bias, 1, 0, dilation, groups)
    return out.squeeze(0) if unbatched else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    if torch.jit.is_tracing():
        return F._traced_as(_CONV_TRANSPOSE_SPEC % 1, _conv_transpose1d, input, weight, bias, stride, padding,
                            output_padding, groups, dilation)
    return _conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def _conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 1, "conv_transpose1d")


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    if torch.jit.is_tracing():
        return F._traced_as(_CONV_TRANSPOSE_SPEC % 2, _conv_transpose2d, input, weight, bias, stride, padding,
                            output_padding, groups, dilation)
    return _conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def _conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 2, "conv_transpose2d")


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    if torch.jit.is_tracing():
        return F._traced_as(_CONV_TRANSPOSE_SPEC % 3, _conv_transpose3d, input, weight, bias, stride, padding,
                            output_padding, groups, dilation)
    return _conv_transpose3d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def _conv_transpose3d(input, weight, bias, stride, padding, output_padding, groups, dilation):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 3, "conv_transpose3d")


# ---- 1-d pooling ---------------------------------------------------------------------------------


def _one(x, name):
    if isinstance(x, (list, tuple)):
        if len(x) != 1:
            raise RuntimeError(f"{name} must be a single int, or a tuple of one int")
        return x[0]
    return x


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"max_pool1d() Expected 2D or 3D input tensor, but got {list(input.shape)}")
    k = _one(kernel_size, "max_pool1d: kernel_size")
    s = k if stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0) else _one(stride, "max_pool1d: stride")
    p = _one(padding, "max_pool1d: padding")
    d = _one(dilation, "max_pool1d: dilation")
    x = input.unsqueeze(-2)
    if return_indices:
        out, idx = F.max_pool2d(x, (1, k), (1, s), (0, p), (1, d), ceil_mode, True)
        return out.squeeze(-2), idx.squeeze(-2)
    return F.max_pool2d(x, (1, k), (1, s), (0, p), (1, d), ceil_mode).squeeze(-2)


# max_unpool1d/2d/3d: the partial inverse of max pooling: zeros of the output size with each input
# value written at its plane-flat index (the pooling's indices), PyTorch's _unpool_output_size rule
# for the default and an explicit output_size. Differentiable through the scatter.
def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    input_size = input.size()
    default_size = []
    for d in range(len(kernel_size)):
        default_size.append((input_size[-len(kernel_size) + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return default_size
    if len(output_size) == len(kernel_size) + 2:
        output_size = output_size[2:]
    if len(output_size) != len(kernel_size):
        raise ValueError(
            "output_size should be a sequence containing "
            f"{len(kernel_size)} or {len(kernel_size) + 2} elements, but it has a length of '{len(output_size)}'"
        )
    for d in range(len(kernel_size)):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < output_size[d] < max_size):
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {min_size} and {max_size})')
    return list(output_size)


def _max_unpool(input, indices, kernel_size, stride, padding, output_size, n):
    kernel_size = _ntuple(kernel_size, n)
    stride = _ntuple(stride, n) if stride is not None else kernel_size
    padding = _ntuple(padding, n)
    size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    if indices.dtype != torch.int64:
        raise RuntimeError(f"elements in indices should be type int64 but got: {indices.dtype}")
    if input.shape != indices.shape:
        raise RuntimeError(
            f"Expected shape of indices to be same as that of the input tensor ({list(input.shape)}) but got "
            f"indices tensor with shape: {list(indices.shape)}"
        )
    lead = list(input.shape[: input.dim() - n])
    plane = 1
    for v in size:
        plane *= v
    flat_idx = indices.flatten(input.dim() - n)
    if flat_idx.numel():
        lo, hi = int(flat_idx.min()), int(flat_idx.max())
        if lo < 0 or hi >= plane:
            shown = size + [1] if n == 1 else size  # max_unpool1d runs as max_unpool2d of a width-1 plane
            raise RuntimeError(f"Found an invalid max index: {lo if lo < 0 else hi} (output volumes are of size "
                               f"{'x'.join(str(v) for v in shown)})")
    out = input.new_zeros(lead + [plane])
    out = out.scatter(-1, flat_idx, input.flatten(input.dim() - n))
    return out.view(lead + list(size))


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size, 1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size, 2)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size, 3)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"avg_pool1d() Expected 2D or 3D input tensor, but got {list(input.shape)}")
    k = _one(kernel_size, "avg_pool1d: kernel_size")
    s = k if stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0) else _one(stride, "avg_pool1d: stride")
    p = _one(padding, "avg_pool1d: padding")
    return F.avg_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), ceil_mode, count_include_pad).squeeze(-2)


def adaptive_avg_pool1d(input, output_size):
    if input.dim() not in (2, 3):
        # ATen's checkDimRange("adaptive_avg_pool1d", TensorArg(self, "self", 1), 2, 4)
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor for argument #1 "
                           "'self' (while checking arguments for adaptive_avg_pool1d)")
    o = _one(output_size, "adaptive_avg_pool1d: output_size")
    return F.adaptive_avg_pool2d(input.unsqueeze(-2), (1, o)).squeeze(-2)


# ---- losses --------------------------------------------------------------------------------------


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if input1.dim() != input2.dim():
        raise RuntimeError(
            f"cosine_embedding_loss : All input tensors should have same dimension but got sizes: input1: "
            f"{list(input1.shape)}, input2: {list(input2.shape)}, target: {list(target.shape)} "
        )
    targ_dim = target.dim()
    if targ_dim > 1:
        raise RuntimeError(f"0D or 1D target tensor expected, multi-target not supported")
    if targ_dim == 1 and (input1.dim() != 2 or input1.size(0) != target.size(0)):
        raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with sizes {list(input1.shape)} and {list(input2.shape)}.")
    if targ_dim == 0 and input1.dim() != 1:
        raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with sizes {list(input1.shape)} and {list(input2.shape)}.")
    eps = 1e-12
    d = 1 if targ_dim == 1 else 0
    prod_sum = (input1 * input2).sum(d)
    mag_square1 = (input1 * input1).sum(d) + eps
    mag_square2 = (input2 * input2).sum(d) + eps
    denom = (mag_square1 * mag_square2).sqrt()
    cos = prod_sum / denom
    zeros = torch.zeros_like(cos)
    pos = 1 - cos
    neg = (cos - margin).clamp_min(0)
    out = torch.where(target == 1, pos, zeros) + torch.where(target == -1, neg, zeros)
    return _reduce(out, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.shape}, input2: {input2.shape}, target: {target.shape} "
        )
    out = (-target * (input1 - input2) + margin).clamp_min(0)
    return _reduce(out, reduction)


def triplet_margin_loss(
    anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None, reduce=None, reduction="mean"
):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number of dimensions, but got: "
            f"anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs"
        )
    dist_pos = F.pairwise_distance(anchor, positive, p, eps)
    dist_neg = F.pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_swap = F.pairwise_distance(positive, negative, p, eps)
        dist_neg = torch.minimum(dist_neg, dist_swap)
    out = (margin + dist_pos - dist_neg).clamp_min(0)
    return _reduce(out, reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):
    # PyTorch's Python implementation: any distance callable (default torch.pairwise_distance),
    # clamp_min(margin + d(a, p) - d(a, n), 0) with the optional swap d(p, n).
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number of dimensions, but got: "
            f"anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs"
        )
    if distance_function is None:
        distance_function = F.pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:
        dist_swap = distance_function(positive, negative)
        dist_neg = torch.minimum(dist_neg, dist_swap)
    loss = torch.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == "sum":
        return torch.sum(loss)
    elif reduction == "mean":
        return torch.mean(loss)
    return loss


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    zeros = torch.zeros_like(input)
    margin_clamp = (margin - input).clamp_min(0)
    out = torch.where(target != 1, margin_clamp, zeros) + torch.where(target != -1, input, zeros)
    return _reduce(out, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if target.shape != input.shape:
        raise ValueError(
            f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) is deprecated. "
            "Please ensure they have the same size."
        )
    out = torch.log1p(torch.exp(-input * target))
    return _reduce(out, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    loss = -(target * F.logsigmoid(input) + (1 - target) * F.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    c = input.size(class_dim)
    loss = loss.sum(dim=class_dim) / c
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, (int, float)):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * torch.ones_like(input)
    elif var.size() != input.size():
        # var of one fewer dimension (homoscedastic in the last one) or a trailing 1
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def poisson_nll_loss(
    input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction="mean"
):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not a valid value for reduction")
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


# ---- shrink activations, adaptive max pooling, local response norm, bilinear ----------------------


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    # PyTorch's recipe step by step, so the draws match it under manual_seed: Gumbel(0, 1) noise is
    # -log of an Exp(1) fill of a tensor shaped like the logits (one double uniform per element, in
    # element order), then softmax((logits + g) / tau); hard=True returns the one-hot of the argmax
    # with the soft sample's gradient (straight-through: y_hard - y_soft.detach() + y_soft).
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.")
    gumbels = -torch.empty_like(logits, memory_format=torch.legacy_contiguous_format).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if hard:
        index = y_soft.max(dim, keepdim=True)[1]
        y_hard = torch.zeros_like(logits, memory_format=torch.legacy_contiguous_format).scatter_(dim, index, 1.0)
        return y_hard - y_soft.detach() + y_soft
    return y_soft


def _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, n):
    # PyTorch's lp_poolNd: the average of x**p over each window times the window's size (the sum),
    # clamped at 0 through sign * relu(abs), then the p-th root
    pool = (F.avg_pool1d, F.avg_pool2d, F.avg_pool3d)[n - 1]
    size = _ntuple(kernel_size, n)
    count = 1
    for k in size:
        count *= k
    if stride is not None:
        out = pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * F.relu(torch.abs(out))).mul(count).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 1)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 2)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 3)


def softshrink(input, lambd=0.5):
    # PyTorch's kernel returns x * 0 inside [-lambd, lambd]: -0.0 for negative x, NaN for NaN.
    # the structured op's meta function dispatches over floating types to check lambd first
    _require_float_kernel(input, "softshrink_check")
    zero = input * 0
    return torch.where(input > lambd, input - lambd, torch.where(input < -lambd, input + lambd, zero))


def hardshrink(input, lambd=0.5):
    _require_float_kernel(input, "hardshrink_cpu")
    return torch.where((input > lambd) | (input < -lambd), input, torch.zeros_like(input))


def tanhshrink(input):
    return input - input.tanh()


def softsign(input):
    # Python in PyTorch too: jit.trace records its abs, add and div
    return input / (input.abs() + 1)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"adaptive_max_pool1d(): Expected 2D or 3D tensor, but got: {list(input.shape)}")
    o = _one(output_size, "adaptive_max_pool1d: output_size")
    if return_indices:
        out, idx = F.adaptive_max_pool2d(input.unsqueeze(-2), (1, o), True)
        return out.squeeze(-2), idx.squeeze(-2)
    return F.adaptive_max_pool2d(input.unsqueeze(-2), (1, o)).squeeze(-2)


def _max_scan(cands):
    # ATen's CPU max-pool scan over window positions in order: a candidate replaces the running
    # maximum when it is greater or NaN (so the first maximum wins, and the last NaN)
    best_v, best_i = cands[0]
    for v, i in cands[1:]:
        take = (v > best_v) | torch.isnan(v)
        best_v = torch.where(take, v, best_v)
        best_i = torch.where(take, i, best_i)
    return best_v, best_i


def adaptive_max_pool3d(input, output_size, return_indices=False):
    # ATen's adaptive_max_pool3d: output cell o of a dimension of size I pools [floor(o*I/O),
    # ceil((o+1)*I/O)). The maximum is separable, so each depth slice is pooled over (H, W) by the
    # native adaptive_max_pool2d and the depth windows are scanned in ATen's order (d, then h, w);
    # indices are flat over D*H*W as ATen's. The values are gathered at the indices, so the gradient
    # reaches each window's argmax only, as AdaptiveMaxPool3DBackward0 sends it.
    if input.dim() not in (4, 5):
        raise RuntimeError(f"adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: {list(input.shape)}")
    for i in range(1, input.dim()):
        if input.size(i) <= 0:
            raise RuntimeError("adaptive_max_pool3d(): Expected input to have non-zero size for non-batch dimensions, "
                               f"but input has sizes {list(input.shape)} with dimension {i} being empty")
    D, H, W = input.shape[-3:]
    osz = _ntuple(output_size, 3)
    if len(osz) != 3:
        raise RuntimeError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    OD, OH, OW = [(D, H, W)[k] if osz[k] is None else int(osz[k]) for k in range(3)]
    lead = list(input.shape[:-3])
    x = input.reshape(-1, D, H, W)
    with torch.no_grad():
        v2, i2 = F.adaptive_max_pool2d(x.detach(), (OH, OW), True)  # (P, D, OH, OW), flat over H*W
        vals, idxs = [], []
        for od in range(OD):
            d0, d1 = (od * D) // OD, -((-(od + 1) * D) // OD)
            _, bi = _max_scan([(v2[:, d], i2[:, d] + d * H * W) for d in range(d0, d1)])
            idxs.append(bi)
        idx = torch.stack(idxs, 1)  # (P, OD, OH, OW)
    out = x.reshape(x.size(0), -1).gather(1, idx.reshape(x.size(0), -1)).reshape(lead + [OD, OH, OW])
    idx = idx.reshape(lead + [OD, OH, OW])
    return (out, idx) if return_indices else out


def _fractional_intervals(sample, in_size, out_size, pool):
    # ATen's generate_intervals, in the input's floating type (scalar_t): with
    # alpha = (in - pool) / (out - 1), start[i] = int((i + u) * alpha) - int(u * alpha) for
    # i < out - 1 and start[out - 1] = in - pool; `sample` holds one u per plane
    cols = []
    if out_size > 1:
        alpha = torch.full_like(sample, float(in_size - pool)) / (out_size - 1)
        base = (sample * alpha).to(torch.int64)
        for i in range(out_size - 1):
            cols.append(((sample + i) * alpha).to(torch.int64) - base)
    if out_size > 0:
        cols.append(torch.full(sample.shape, in_size - pool, dtype=torch.int64))
    return torch.stack(cols, -1)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    # PyTorch's F.fractional_max_pool2d: one (w, h) pair of uniform samples per plane drawn by
    # torch.rand(N, C, 2) when none is given, ATen's pseudo-random window starts per plane, windows of
    # kernel_size scanned in order (first maximum, last NaN); indices flat over H*W as ATen's.
    if output_size is None and output_ratio is None:
        raise ValueError("fractional_max_pool2d requires specifying either an output_size or an output_ratio")
    if input.dim() not in (3, 4):
        raise RuntimeError("fractional_max_pool2d(): Expected 3D or 4D tensor, but got: " + str(list(input.shape)))
    if output_size is None:
        ratio = _ntuple(output_ratio, 2)
        output_size = [int(input.size(-2) * ratio[0]), int(input.size(-1) * ratio[1])]
    kH, kW = _ntuple(kernel_size, 2)
    OH, OW = _ntuple(output_size, 2)
    if _random_samples is None:
        n_batch = 1 if input.dim() == 3 else input.size(0)
        _random_samples = torch.rand(n_batch, input.size(-3), 2, dtype=input.dtype, device=input.device)
    H, W = input.size(-2), input.size(-1)
    # fractional_max_pool2d_out_cpu_template checks the height first
    if OH + kH - 1 > H:
        raise RuntimeError(f"fractional_max_pool2d(): pool height {kH} too large relative to input height {H}")
    if OW + kW - 1 > W:
        raise RuntimeError(f"fractional_max_pool2d(): pool width {kW} too large relative to input width {W}")
    x = input if input.dim() == 4 else input.unsqueeze(0)
    N, C = x.size(0), x.size(1)
    samples = _random_samples.detach()
    if not samples.is_floating_point():
        samples = samples.to(x.dtype)
    flat = x.reshape(N, C, H * W)
    with torch.no_grad():
        hs = _fractional_intervals(samples[..., 1], H, OH, kH)  # (N, C, OH)
        ws = _fractional_intervals(samples[..., 0], W, OW, kW)  # (N, C, OW)
        xd = flat.detach()
        cands = []
        for dh in range(kH):
            for dw in range(kW):
                i = ((hs + dh) * W).unsqueeze(-1) + (ws + dw).unsqueeze(-2)  # (N, C, OH, OW)
                cands.append((xd.gather(2, i.reshape(N, C, -1)).reshape(N, C, OH, OW), i))
        _, idx = _max_scan(cands)
    out = flat.gather(2, idx.reshape(N, C, -1)).reshape(N, C, OH, OW)
    if input.dim() == 3:
        out, idx = out.squeeze(0), idx.squeeze(0)
    return (out, idx) if return_indices else out


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    # the square averaged over `size` neighbouring channels (zero-padded), as PyTorch's avg_pool
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    sizes = list(input.shape)
    div = div.reshape(sizes[0], 1, sizes[1], -1)
    div = F.pad(div, (0, 0, size // 2, (size - 1) // 2))
    div = F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    div = div.reshape(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def bilinear(input1, input2, weight, bias=None):
    # y[..., o] = sum_ij x1[..., i] W[o, i, j] x2[..., j] + b[o]
    out_f, in1, in2 = weight.shape[0], weight.shape[1], weight.shape[2]
    if input1.shape[-1] != in1:
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.shape[-1]} but expected {in1}")
    if input2.shape[-1] != in2:
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {input2.shape[-1]} but expected {in2}")
    t = torch.matmul(input1, weight.permute(1, 0, 2).reshape(in1, out_f * in2))
    t = t.reshape(list(t.shape[:-1]) + [out_f, in2])
    y = (t * input2.unsqueeze(-2)).sum(-1)
    if bias is not None:
        y = y + bias
    return y


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
    # sum over i != y of max(0, margin - x[y] + x[i])^p (times weight[y]), divided by the class count
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError(f"weight must be one-dimensional")
    x = input if input.dim() == 2 else input.reshape(1, -1)
    y = target.reshape(-1)
    c = x.shape[1]
    xy = x.gather(1, y.unsqueeze(1))
    z = (margin - xy + x).clamp_min(0)
    if p == 2:
        z = z * z
    if weight is not None:
        z = z * weight[y].unsqueeze(1)
    not_target = torch.arange(c).unsqueeze(0) != y.unsqueeze(1)
    loss = torch.where(not_target, z, torch.zeros_like(z)).sum(1) / c
    if input.dim() < 2:
        loss = loss.reshape(target.shape)
    return _reduce(loss, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    # targets: class indices up to the first -1; hinge 1 - (x[target] - x[other]) over every
    # (target, non-target) pair, divided by the class count
    reduction = _legacy_reduction(size_average, reduce, reduction)
    x = input if input.dim() == 2 else input.reshape(1, -1)
    t = target if target.dim() == 2 else target.reshape(1, -1)
    n, c = x.shape[0], x.shape[1]
    counts = []
    for row in t.tolist():
        cnt = [0] * c
        for v in row:
            if v < 0:
                break
            cnt[v] += 1
        counts.append(cnt)
    cnt = torch.tensor(counts, dtype=x.dtype)
    is_target = cnt > 0
    pair = (1 - x.unsqueeze(2) + x.unsqueeze(1)).clamp_min(0)
    weight = cnt.unsqueeze(2) * (~is_target).to(x.dtype).unsqueeze(1)
    loss = (pair * weight).sum((1, 2)) / c
    if input.dim() < 2:
        loss = loss.reshape(())
    return _reduce(loss, reduction)



_ALIGN_CORNERS_WARNING = (
    "Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
    "Please specify align_corners=True if the old behavior is desired. "
    "See the documentation of grid_sample for details."
)


def _linspace_from_neg_one(theta, steps, align_corners):
    # ATen's linspace_from_neg_one: pixel centers in [-1, 1], pulled in by (n - 1) / n without
    # align_corners.
    if steps <= 1:
        return torch.zeros((), dtype=theta.dtype)
    r = torch.linspace(-1, 1, steps, dtype=theta.dtype)
    if not align_corners:
        r = r * (steps - 1) / steps
    return r


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(
                f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. Got {theta.shape}."
            )
        spatial_size = size[-2:]
    elif len(size) == 5:
        raise NotImplementedError("affine_grid for 3D (5-D size) grids is not supported in Kiln")
    else:
        raise NotImplementedError(
            "affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. "
            f"Got size {size}."
        )
    if min(spatial_size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    if align_corners and min(spatial_size) == 1:
        warnings.warn(
            "Since version 1.3.0, affine_grid behavior has changed for unit-size grids when align_corners=True. "
            "This is not an intended use case of affine_grid. See the documentation of affine_grid for details."
        )
    N, C, H, W = size
    base = torch.empty(N, H, W, 3, dtype=theta.dtype)
    base[..., 0] = _linspace_from_neg_one(theta, W, align_corners)
    base[..., 1] = _linspace_from_neg_one(theta, H, align_corners).unsqueeze(-1)
    base[..., 2] = 1
    grid = base.view(N, H * W, 3).bmm(theta.transpose(1, 2))
    return grid.view(N, H, W, 2)


def _reflect(coord, twice_low, twice_high):
    # ATen's reflect_coordinates: fold the coordinate back into [low, high] by mirroring.
    if twice_low == twice_high:
        return torch.zeros_like(coord)
    lo = twice_low / 2
    span = (twice_high - twice_low) / 2
    coord = (coord - lo).abs()
    extra = torch.fmod(coord, span)
    flips = torch.floor(coord / span)
    return torch.where(torch.fmod(flips, 2) == 0, extra + lo, span - extra + lo)


def _source_index(coord, size, padding_mode, align_corners):
    # ATen's vectorized grid sampler (GridSamplerKernel.cpp): unnormalize, then pad.
    if align_corners:
        coord = (coord + 1) * ((size - 1) / 2)
    else:
        coord = (coord + 1) * (size / 2) - 0.5
    if padding_mode == "border":
        coord = coord.clamp(0, size - 1)
    elif padding_mode == "reflection":
        if align_corners:
            coord = _reflect(coord, 0, 2 * (size - 1))
        else:
            coord = _reflect(coord, -1, 2 * size - 1)
        coord = coord.clamp(0, size - 1)
    return coord


def _gather_2d(input, ix, iy):
    # input[n, :, iy, ix] for integer coordinate tensors [N, Ho, Wo]; 0 where outside the image.
    N, C, H, W = input.shape
    inside = (ix >= 0) & (ix < W) & (iy >= 0) & (iy < H)
    flat = (iy.clamp(0, H - 1) * W + ix.clamp(0, W - 1)).reshape(N, 1, -1).expand(N, C, -1)
    vals = input.reshape(N, C, H * W).gather(2, flat).reshape(N, C, ix.shape[1], ix.shape[2])
    return vals * inside.unsqueeze(1).to(input.dtype)


def _cubic_coefficients(t):
    # ATen's get_cubic_upsample_coefficients (Keys' kernel, A = -0.75) for taps -1, 0, 1, 2 at t
    a_ = -0.75

    def conv1(v):
        return ((a_ + 2) * v - (a_ + 3)) * v * v + 1

    def conv2(v):
        return ((a_ * v - 5 * a_) * v + 8 * a_) * v - 4 * a_

    return [conv2(t + 1), conv1(t), conv1(1 - t), conv2(2 - t)]


def _grid_sample_bicubic(input, grid, padding_mode, align_corners):
    # ATen's bicubic grid sampler: the grid unnormalized without padding, 4 x 4 taps around
    # floor(x), floor(y), each tap's coordinates padded on their own (compute_coordinates: border
    # clamps, reflection mirrors then clamps; zeros reads 0 outside), rows interpolated along x
    # first, then the four rows along y.
    H, W = input.shape[2], input.shape[3]
    if align_corners:
        x = (grid[..., 0] + 1) * ((W - 1) / 2)
        y = (grid[..., 1] + 1) * ((H - 1) / 2)
    else:
        x = (grid[..., 0] + 1) * (W / 2) - 0.5
        y = (grid[..., 1] + 1) * (H / 2) - 0.5
    x0 = torch.floor(x)
    y0 = torch.floor(y)
    cx = [c.unsqueeze(1) for c in _cubic_coefficients(x - x0)]
    cy = [c.unsqueeze(1) for c in _cubic_coefficients(y - y0)]

    def coordinate(c, size):
        if padding_mode == "border":
            return c.clamp(0, size - 1)
        if padding_mode == "reflection":
            c = _reflect(c, 0, 2 * (size - 1)) if align_corners else _reflect(c, -1, 2 * size - 1)
            return c.clamp(0, size - 1)
        return c

    out = None
    for i in range(4):
        iy = coordinate(y0 + (i - 1), H).long()
        row = None
        for j in range(4):
            ix = coordinate(x0 + (j - 1), W).long()
            term = _gather_2d(input, ix, iy) * cx[j]
            row = term if row is None else row + term
        term = row * cy[i]
        out = term if out is None else out + term
    return out


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(
            f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: '{mode}'"
        )
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(
            "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', "
            f"or 'reflection', but got: '{padding_mode}'"
        )
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    if input.dim() == 5:
        raise NotImplementedError("grid_sample of 5-D (volumetric) inputs is not supported in Kiln")
    if input.dim() != 4 or grid.dim() != 4:
        raise RuntimeError(
            "grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, but got "
            f"input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
        )
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError(
            "grid_sampler(): expected grid and input to have same batch size, but got input with sizes "
            f"{list(input.shape)} and grid with sizes {list(grid.shape)}"
        )
    if grid.shape[-1] != 2:
        raise RuntimeError(
            "grid_sampler(): expected grid to have size 2 in last dimension, but got grid with sizes "
            f"{list(grid.shape)}"
        )
    H, W = input.shape[2], input.shape[3]
    if mode == "bicubic":
        return _grid_sample_bicubic(input, grid, padding_mode, align_corners)
    x = _source_index(grid[..., 0], W, padding_mode, align_corners)
    y = _source_index(grid[..., 1], H, padding_mode, align_corners)
    if mode == "nearest":
        ix = torch.round(x).long()
        iy = torch.round(y).long()
        return _gather_2d(input, ix, iy)
    x0 = torch.floor(x)
    y0 = torch.floor(y)
    w = x - x0
    e = 1 - w
    n = y - y0
    s = 1 - n
    ix, iy = x0.long(), y0.long()
    nw = _gather_2d(input, ix, iy) * (s * e).unsqueeze(1)
    ne = _gather_2d(input, ix + 1, iy) * (s * w).unsqueeze(1)
    sw = _gather_2d(input, ix, iy + 1) * (n * e).unsqueeze(1)
    se = _gather_2d(input, ix + 1, iy + 1) * (n * w).unsqueeze(1)
    return nw + ne + sw + se


# ---- __torch_function__ dispatch -----------------------------------------------------------------
#
# PyTorch's torch.nn.functional functions hand a call whose arguments include an object overriding
# torch functions (an fx Proxy, a user class with __torch_function__) to that type's
# __torch_function__ instead of computing: the Python ones re-packed (their leading parameters
# positional, the others keywords with defaults filled in), the C ones (conv_transpose2d,
# pixel_shuffle, prelu, bilinear, ...) as called. Each function here is wrapped with its
# convention from PyTorch 2.11's torch/nn/functional.py (relevant arguments, positional count), and
# carries the module name torch.nn.functional, so traced graphs name it as PyTorch's do.


def _override_types(values):
    # The overriding types among the relevant arguments (list/tuple items included), a subclass
    # before its parent. Tensors are left out: a tensor subclass's handler sees the torch functions
    # and Tensor methods this Python form calls (fx.cpp), as Dynamo traces this code unchanged.
    out = []
    for v in values:
        items = v if isinstance(v, (list, tuple)) else (v,)
        for x in items:
            if x is None or isinstance(x, (torch.Tensor, int, float, bool, str)):
                continue
            t = type(x)
            if hasattr(t, "__torch_function__") and t not in out:
                at = len(out)
                for i, u in enumerate(out):
                    if issubclass(t, u):
                        at = i
                        break
                out.insert(at, t)
    return out


def _dispatching(impl, relevant, npos):
    code = impl.__code__
    params = list(code.co_varnames[: code.co_argcount])
    defaults = impl.__defaults__ or ()
    default_of = dict(zip(params[len(params) - len(defaults) :], defaults))
    # keyword-only parameters (triplet_margin_with_distance_loss's) are passed as keywords
    kwonly = list(code.co_varnames[code.co_argcount : code.co_argcount + code.co_kwonlyargcount])
    default_of.update(impl.__kwdefaults__ or {})

    def wrapper(*args, **kwargs):
        values = dict(default_of)
        for name, a in zip(params, args):
            values[name] = a
        values.update(kwargs)
        overloaded = _override_types([values.get(n) for n in relevant])
        if overloaded:
            types = tuple(overloaded)
            if npos is None:  # a C function in PyTorch: the call as made
                pos, kw = tuple(args), kwargs
            else:
                pos = tuple([values[n] for n in params[:npos]])
                kw = {n: values[n] for n in params[npos:] + kwonly}
            for t in overloaded:
                result = t.__torch_function__(wrapper, types, pos, kw)
                if result is not NotImplemented:
                    return result
            raise TypeError(f"no implementation found for 'torch.nn.functional.{impl.__name__}' on types that "
                            f"implement __torch_function__: {list(types)}")
        return impl(*args, **kwargs)

    # a frame PyTorch does not have (its function is C, or Python without this wrapper): the
    # tracer's name lookup looks past it
    F._frameless(wrapper)
    wrapper.__name__ = impl.__name__
    wrapper.__qualname__ = impl.__name__
    wrapper.__module__ = "torch.nn.functional"
    wrapper.__doc__ = impl.__doc__
    return wrapper


_CONVENTIONS = {
    # name: (arguments looked at, leading arguments passed positionally; None: the call as made)
    "celu": (("input",), 1),
    "prelu": (("input", "weight"), None),
    "rms_norm": (("input", "weight"), 2),
    "instance_norm": (("input", "running_mean", "running_var", "weight", "bias"), 1),
    "pixel_shuffle": (("input",), None),
    "pixel_unshuffle": (("input",), None),
    "interpolate": (("input",), 1),
    "conv_transpose1d": (("input", "weight", "bias"), None),
    "conv_transpose2d": (("input", "weight", "bias"), None),
    "conv_transpose3d": (("input", "weight", "bias"), None),
    "max_pool1d": (("input",), 2),
    "avg_pool1d": (("input",), None),
    "adaptive_avg_pool1d": (("input",), None),
    "adaptive_max_pool1d": (("input",), 2),
    "adaptive_max_pool3d": (("input",), 2),
    "fractional_max_pool2d": (("input",), 2),
    "cosine_embedding_loss": (("input1", "input2", "target"), 3),
    "margin_ranking_loss": (("input1", "input2", "target"), 3),
    "triplet_margin_loss": (("anchor", "positive", "negative"), 3),
    "triplet_margin_with_distance_loss": (("anchor", "positive", "negative"), 3),
    "hinge_embedding_loss": (("input", "target"), 2),
    "soft_margin_loss": (("input", "target"), 2),
    "multilabel_soft_margin_loss": (("input", "target", "weight"), 2),
    "gaussian_nll_loss": (("input", "target", "var"), 3),
    "poisson_nll_loss": (("input", "target"), 2),
    "softshrink": (("input",), None),
    "hardshrink": (("input",), 1),
    "tanhshrink": (("input",), 1),
    "softsign": (("input",), 1),
    "local_response_norm": (("input",), 2),
    "bilinear": (("input1", "input2", "weight", "bias"), None),
    "multi_margin_loss": (("input", "target", "weight"), 2),
    "multilabel_margin_loss": (("input", "target"), 2),
    "affine_grid": (("theta",), 2),
    "grid_sample": (("input", "grid"), 2),
    "multi_head_attention_forward": (("query", "key", "value", "in_proj_weight", "in_proj_bias", "bias_k",
                                      "bias_v", "out_proj_weight", "out_proj_bias"), 13),
}

# ---- multi_head_attention_forward ----------------------------------------------------------------
# PyTorch 2.11's functional form of nn.MultiheadAttention, called directly by models that keep their
# own projection weights (CLIP's AttentionPool2d: separate q/k/v weights, need_weights=False).
# Sequence-first (L, N, E) or unbatched (L, E); packed or separate in-projections, bias_k/bias_v,
# add_zero_attn, static_k/static_v, bool or float masks merged into one additive mask; with
# need_weights the attention matrix is computed in the open (baddbmm/bmm, softmax), else through
# scaled_dot_product_attention. Steps, shapes and error texts follow PyTorch's.


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query.dim() == 3:
        is_batched = True
        assert key.dim() == 3 and value.dim() == 3, (
            "For batched (3-D) `query`, expected `key` and `value` to be 3-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 2, (
                "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
    elif query.dim() == 2:
        is_batched = False
        assert key.dim() == 2 and value.dim() == 2, (
            "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 1, (
                "For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
            if attn_mask.dim() == 3:
                expected_shape = (num_heads, query.shape[0], key.shape[0])
                assert attn_mask.shape == expected_shape, (
                    f"Expected `attn_mask` shape to be {expected_shape} but got {attn_mask.shape}")
    else:
        raise AssertionError(
            f"query should be unbatched 2D or batched 3D tensor but received {query.dim()}-D query tensor")
    return is_batched


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    # a bool mask becomes the additive float mask (-inf where True) of the query's dtype
    if mask is not None:
        _mask_dtype = mask.dtype
        _mask_is_float = torch.is_floating_point(mask)
        if _mask_dtype != torch.bool and not _mask_is_float:
            raise AssertionError(f"only bool and floating types of {mask_name} are supported")
        if check_other and other_type is not None:
            if _mask_dtype != other_type:
                warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. "
                              "Use same type for both instead.")
        if not _mask_is_float:
            mask = torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))
    return mask


def _in_projection_packed(q, k, v, w, b=None):
    E = q.size(-1)
    if k is v:
        if q is k:
            # self-attention: one projection, split into q, k, v
            proj = F.linear(q, w, b)
            proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([E, E * 2])
        if b is None:
            b_q = b_kv = None
        else:
            b_q, b_kv = b.split([E, E * 2])
        q_proj = F.linear(q, w_q, b_q)
        kv_proj = F.linear(k, w_kv, b_kv)
        kv_proj = kv_proj.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return q_proj, kv_proj[0], kv_proj[1]
    w_q, w_k, w_v = w.chunk(3)
    if b is None:
        b_q = b_k = b_v = None
    else:
        b_q, b_k, b_v = b.chunk(3)
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    assert w_q.shape == (Eq, Eq), f"Expecting query weights shape of {(Eq, Eq)}, but got {w_q.shape}"
    assert w_k.shape == (Eq, Ek), f"Expecting key weights shape of {(Eq, Ek)}, but got {w_k.shape}"
    assert w_v.shape == (Eq, Ev), f"Expecting value weights shape of {(Eq, Ev)}, but got {w_v.shape}"
    assert b_q is None or b_q.shape == (Eq,), f"Expecting query bias shape of {(Eq,)}, but got {b_q.shape}"
    assert b_k is None or b_k.shape == (Eq,), f"Expecting key bias shape of {(Eq,)}, but got {b_k.shape}"
    assert b_v is None or b_v.shape == (Eq,), f"Expecting value bias shape of {(Eq,)}, but got {b_v.shape}"
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        # a batch of one, squeezed away again before returning
        query = query.unsqueeze(1)
        key = key.unsqueeze(1)
        value = value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len, _, _ = key.shape
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       None if attn_mask is None else attn_mask.dtype, "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer module "
                           "method `generate_square_subsequent_mask` to create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        # the hint alone goes to scaled_dot_product_attention
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    assert embed_dim == embed_dim_to_check, (
        f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    assert head_dim * num_heads == embed_dim, f"embed_dim {embed_dim} not divisible by num_heads {num_heads}"
    if use_separate_proj_weight:
        assert key.shape[:2] == value.shape[:2], (
            f"key's sequence and batch dims {key.shape[:2]} do not match value's {value.shape[:2]}")
    else:
        assert key.shape == value.shape, f"key shape {key.shape} does not match value shape {value.shape}"
    if not use_separate_proj_weight:
        assert in_proj_weight is not None, "use_separate_proj_weight is False but in_proj_weight is None"
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        assert q_proj_weight is not None, "use_separate_proj_weight is True but q_proj_weight is None"
        assert k_proj_weight is not None, "use_separate_proj_weight is True but k_proj_weight is None"
        assert v_proj_weight is not None, "use_separate_proj_weight is True but v_proj_weight is None"
        if in_proj_bias is None:
            b_q = b_k = b_v = None
        else:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            correct_2d_size = (tgt_len, src_len)
            if attn_mask.shape != correct_2d_size:
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be "
                                   f"{correct_2d_size}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            correct_3d_size = (bsz * num_heads, tgt_len, src_len)
            if attn_mask.shape != correct_3d_size:
                raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be "
                                   f"{correct_3d_size}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")
    if bias_k is not None and bias_v is not None:
        assert static_k is None, "bias cannot be added to static key."
        assert static_v is None, "bias cannot be added to static value."
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    else:
        assert bias_k is None
        assert bias_v is None
    # heads into the batch: (N * H, L, head_dim)
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    if static_k is None:
        k = k.view(k.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    else:
        assert static_k.size(0) == bsz * num_heads, (
            f"expecting static_k.size(0) of {bsz * num_heads}, but got {static_k.size(0)}")
        assert static_k.size(2) == head_dim, f"expecting static_k.size(2) of {head_dim}, but got {static_k.size(2)}"
        k = static_k
    if static_v is None:
        v = v.view(v.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    else:
        assert static_v.size(0) == bsz * num_heads, (
            f"expecting static_v.size(0) of {bsz * num_heads}, but got {static_v.size(0)}")
        assert static_v.size(2) == head_dim, f"expecting static_v.size(2) of {head_dim}, but got {static_v.size(2)}"
        v = static_v
    if add_zero_attn:
        zero_attn_shape = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zero_attn_shape, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zero_attn_shape, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    src_len = k.size(1)
    if key_padding_mask is not None:
        assert key_padding_mask.shape == (bsz, src_len), (
            f"expecting key_padding_mask shape of {(bsz, src_len)}, but got {key_padding_mask.shape}")
        key_padding_mask = (key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1)
                            .reshape(bsz * num_heads, 1, src_len))
        if attn_mask is None:
            attn_mask = key_padding_mask
        else:
            attn_mask = attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        _B, _Nt, E = q.shape
        q_scaled = q * math.sqrt(1.0 / float(E))
        assert not (is_causal and attn_mask is None), "FIXME: is_causal not implemented for need_weights"
        if attn_mask is not None:
            attn_output_weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
        else:
            attn_output_weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        attn_output_weights = F.softmax(attn_output_weights, dim=-1)
        if dropout_p > 0.0:
            attn_output_weights = F.dropout(attn_output_weights, p=dropout_p)
        attn_output = torch.bmm(attn_output_weights, v)
        attn_output = attn_output.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
        attn_output = F.linear(attn_output, out_proj_weight, out_proj_bias)
        attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
        attn_output_weights = attn_output_weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            attn_output_weights = attn_output_weights.mean(dim=1)
        if not is_batched:
            attn_output = attn_output.squeeze(1)
            attn_output_weights = attn_output_weights.squeeze(0)
        return attn_output, attn_output_weights
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    attn_output = F.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    attn_output = attn_output.permute(2, 0, 1, 3).contiguous().view(bsz * tgt_len, embed_dim)
    attn_output = F.linear(attn_output, out_proj_weight, out_proj_bias)
    attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
    if not is_batched:
        attn_output = attn_output.squeeze(1)
    return attn_output, None


# (The C ones are torch's own functions in PyTorch, F.conv_transpose2d is torch.conv_transpose2d:
# torch.fx names them so, torch/fx/node.py's _functional_c_names.)
for _name, (_relevant, _npos) in _CONVENTIONS.items():
    globals()[_name] = _dispatching(globals()[_name], _relevant, _npos)
for _name in ("celu_", "upsample", "upsample_nearest", "upsample_bilinear"):
    globals()[_name].__module__ = "torch.nn.functional"


# ---- unfold / fold (im2col / col2im) --------------------------------------------------------------


def _im2col_checks(kh, kw, dh, dw, ph, pw, sh, sw):
    if not (kw > 0 and kh > 0):
        raise RuntimeError(f"kernel size should be greater than zero, but got kernel_height: {kh} kernel_width: {kw}")
    if not (dw > 0 and dh > 0):
        raise RuntimeError(f"dilation should be greater than zero, but got dilation_height: {dh} dilation_width: {dw}")
    if not (pw >= 0 and ph >= 0):
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {ph} pad_width: {pw}")
    if not (sw > 0 and sh > 0):
        raise RuntimeError(f"stride should be greater than zero, but got stride_height: {sh} stride_width: {sw}")


def _sliding_count(size, k, d, p, s):
    # ATen's im2col/col2im block count, arithmetic only: the shape checks run on it before any
    # tensor sized by the kernel exists (a kernel of 2**31 must be the "at least one" error, not a
    # 16 GiB arange)
    return (size + 2 * p - (d * (k - 1) + 1)) // s + 1


def _sliding_index(n, k, d, s):
    # positions (in the padded input) of each kernel tap for each of the n blocks: (k, n)
    return (torch.arange(k) * d)[:, None] + (torch.arange(max(n, 0)) * s)[None, :]


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    # ATen's im2col: (N, C, H, W) -> (N, C*kh*kw, L), channel-major then kernel row, kernel column;
    # blocks in row-major order. A gather through advanced indexing, so its backward is the
    # scatter-add of col2im.
    kh, kw = _ntuple(kernel_size, 2)
    dh, dw = _ntuple(dilation, 2)
    ph, pw = _ntuple(padding, 2)
    sh, sw = _ntuple(stride, 2)
    _im2col_checks(kh, kw, dh, dw, ph, pw, sh, sw)
    ndim = input.dim()
    # im2col_shape_check reads sizes 1 and 2 before it checks the rank: a 1-D or 2-D input is
    # an IndexError from size(), as in PyTorch.
    valid_dims = input.size(1) != 0 and input.size(2) != 0
    if not ((ndim == 3 and input.size(0) != 0 and valid_dims) or (ndim == 4 and valid_dims and input.size(3) != 0)):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
                           f"dimensions for input, but got: {list(input.shape)}")
    batched = ndim == 4
    x = input if batched else input.unsqueeze(0)
    n, c, h, w = x.shape
    oh = _sliding_count(h, kh, dh, ph, sh)
    ow = _sliding_count(w, kw, dw, pw, sw)
    if oh < 1 or ow < 1:
        raise RuntimeError(f"Given input with spatial size ({h}, {w}), kernel_size=({kh}, {kw}), dilation=({dh}, {dw}), "
                           f"padding=({ph}, {pw}), calculated shape of the array of sliding blocks as ({oh}, {ow}), "
                           "but its components must be at least one.")
    rows = _sliding_index(oh, kh, dh, sh)
    cols = _sliding_index(ow, kw, dw, sw)
    if ph or pw:
        x = F.pad(x, (pw, pw, ph, ph))
    patches = x[:, :, rows[:, None, :, None], cols[None, :, None, :]]  # (N, C, kh, kw, oh, ow)
    out = patches.reshape(n, c * kh * kw, oh * ow)
    return out if batched else out.squeeze(0)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    # ATen's col2im: the blocks of (N, C*kh*kw, L) summed into (N, C, H, W); overlapping taps add up
    oh_, ow_ = _ntuple(output_size, 2)
    kh, kw = _ntuple(kernel_size, 2)
    dh, dw = _ntuple(dilation, 2)
    ph, pw = _ntuple(padding, 2)
    sh, sw = _ntuple(stride, 2)
    _im2col_checks(kh, kw, dh, dw, ph, pw, sh, sw)
    ndim = input.dim()
    if not ((ndim == 2 and input.size(0) != 0 and input.size(1) != 0) or
            (ndim == 3 and input.size(1) != 0 and input.size(2) != 0)):
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           f"dimensions for input, but got: {list(input.shape)}")
    batched = ndim == 3
    x = input if batched else input.unsqueeze(0)
    n, ckk, length = x.shape
    if ckk % (kw * kh) != 0:
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
                           f"got input.size(1)={ckk} and kernel_size=({kh}, {kw}).")
    nbh = _sliding_count(oh_, kh, dh, ph, sh)
    nbw = _sliding_count(ow_, kw, dw, pw, sw)
    if length != nbh * nbw:
        raise RuntimeError(f"Given output_size=({oh_}, {ow_}), kernel_size=({kh}, {kw}), dilation=({dh}, {dw}), "
                           f"padding=({ph}, {pw}), stride=({sh}, {sw}), expected size of input's dimension 2 to match "
                           f"the calculated number of sliding blocks {nbh} * {nbw} = {nbh * nbw}, but got "
                           f"input.size(2)={length}.")
    c = ckk // (kh * kw)
    rows = _sliding_index(nbh, kh, dh, sh)
    cols = _sliding_index(nbw, kw, dw, sw)
    hp, wp = oh_ + 2 * ph, ow_ + 2 * pw
    flat = (rows[:, None, :, None] * wp + cols[None, :, None, :]).reshape(-1)  # (kh*kw*L) positions
    out = torch.zeros(n, c, hp * wp, dtype=x.dtype, device=x.device)
    out = out.index_add(2, flat, x.reshape(n, c, kh * kw * length))
    out = out.reshape(n, c, hp, wp)[:, :, ph:ph + oh_, pw:pw + ow_]
    return out if batched else out.squeeze(0)


def embedding_bag(
    input,
    weight,
    offsets=None,
    max_norm=None,
    norm_type=2,
    scale_grad_by_freq=False,
    mode="mean",
    sparse=False,
    per_sample_weights=None,
    include_last_offset=False,
    padding_idx=None,
):
    # Used to be embedding_bag(weight, input, ...): PyTorch swaps them back with a warning.
    if weight.dtype == torch.long and input.is_floating_point():
        warnings.warn(
            "Argument order of nn.functional.embedding_bag was changed. "
            "Usage `embedding_bag(weight, input, ...)` is deprecated, "
            "and should now be `embedding_bag(input, weight, ...)`."
        )
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(
            f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, "
            f"then it must have the same shape as the input ({input.shape})"
        )
    if not weight.dim() == 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}")
    if input.dim() == 2:
        if offsets is not None:
            type_str = str(type(offsets))
            raise ValueError(
                "if input is 2D, then offsets has to be None"
                ", as input is treated is a mini-batch of"
                " fixed length sequences. However, found "
                f"offsets of type {type_str}"
            )
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    if max_norm is not None:
        with torch.no_grad():
            torch.embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(
            "embedding_bag: per_sample_weights was not None. "
            "per_sample_weights is only supported for mode='sum' "
            f"(got mode='{mode}'). Please open a feature request on GitHub."
        )
    ret, _, _, _ = torch.embedding_bag(
        weight, input, offsets, scale_grad_by_freq, mode_enum, sparse, per_sample_weights, include_last_offset, padding_idx
    )
    return ret


def _reduction_enum(reduction):
    # torch.nn._reduction.get_enum
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.")
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(f"{reduction} is not a valid value for reduction")


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    return torch.ctc_loss(
        log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction), zero_infinity
    )


# The `_with_indices` halves of F's boolean-dispatched pooling functions (PyTorch's max_pool2d is
# boolean_dispatch(max_pool2d_with_indices, _max_pool2d) on return_indices): always (output, indices).
def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return F.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return F.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return F.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=True)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return F.adaptive_max_pool1d(input, output_size, return_indices=True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return F.adaptive_max_pool2d(input, output_size, return_indices=True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return F.adaptive_max_pool3d(input, output_size, return_indices=True)


__all__ += ["max_pool1d_with_indices", "max_pool2d_with_indices", "max_pool3d_with_indices",
            "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices", "adaptive_max_pool3d_with_indices"]
