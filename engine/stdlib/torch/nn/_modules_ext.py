# torch.nn layers Kiln writes in Python over torch.nn.functional (native ops, or the compositions of
# torch/nn/_functional_ext.py): ConvTranspose1d/2d/3d, Upsample (+ UpsamplingNearest2d,
# UpsamplingBilinear2d), MaxPool1d, AvgPool1d, AdaptiveAvgPool1d, InstanceNorm1d/2d/3d (on the native _NormBase), RMSNorm, PReLU,
# LPPool1d/2d/3d, AdaptiveLogSoftmaxWithLoss, CELU, Softsign, Hardswish, Hardsigmoid, Threshold, GLU, Softmin, ParameterList, ParameterDict,
# CosineSimilarity, PairwiseDistance, PixelShuffle, PixelUnshuffle, Unfold, Fold, and the losses KLDivLoss,
# CosineEmbeddingLoss, MarginRankingLoss, TripletMarginLoss, TripletMarginWithDistanceLoss, HingeEmbeddingLoss, SoftMarginLoss,
# MultiLabelSoftMarginLoss, GaussianNLLLoss, PoissonNLLLoss, CTCLoss; EmbeddingBag.
#
# Each has PyTorch's constructor signature and defaults, attribute names, parameter/buffer names,
# shapes and initialisation (same random draws in the same order), extra_repr text and
# __module__ (type(m).__module__ names PyTorch's file). torch.nn finds them here on first use.

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import _functional_ext as G

Parameter = nn.Parameter
# _InstanceNorm's base: the native _NormBase (engine/bindings/nn.cpp), not an attribute of torch.nn.
_NormBase = nn.BatchNorm1d.__bases__[0].__bases__[0]

__all__ = [
    "PReLU",
    "CELU",
    "Softsign",
    "Hardswish",
    "Hardsigmoid",
    "Threshold",
    "GLU",
    "Softmin",
    "CosineSimilarity",
    "PairwiseDistance",
    "PixelShuffle",
    "PixelUnshuffle",
    "ChannelShuffle",
    "RReLU",
    "Unfold",
    "Fold",
    "Upsample",
    "UpsamplingNearest2d",
    "UpsamplingBilinear2d",
    "MaxPool1d",
    "AvgPool1d",
    "AdaptiveAvgPool1d",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "InstanceNorm3d",
    "RMSNorm",
    "ConvTranspose1d",
    "ConvTranspose2d",
    "ConvTranspose3d",
    "ParameterList",
    "ParameterDict",
    "KLDivLoss",
    "CosineEmbeddingLoss",
    "MarginRankingLoss",
    "TripletMarginLoss",
    "TripletMarginWithDistanceLoss",
    "HingeEmbeddingLoss",
    "SoftMarginLoss",
    "MultiLabelSoftMarginLoss",
    "GaussianNLLLoss",
    "PoissonNLLLoss",
    "LogSigmoid",
    "Softshrink",
    "Hardshrink",
    "Tanhshrink",
    "Softmax2d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool3d",
    "FractionalMaxPool2d",
    "AdaptiveMaxPool2d",
    "LocalResponseNorm",
    "Bilinear",
    "MultiMarginLoss",
    "MultiLabelMarginLoss",
    "EmbeddingBag",
    "CTCLoss",
    "MaxUnpool1d",
    "MaxUnpool2d",
    "LPPool1d",
    "LPPool2d",
    "LPPool3d",
    "AdaptiveLogSoftmaxWithLoss",
    "MaxUnpool3d",
]



def _ntuple(x, n):
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x,) * n


def _inplace_str(inplace):
    return ", inplace=True" if inplace else ""


# ---- activations (torch/nn/modules/activation.py) -------------------------------------------------


class PReLU(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(torch.empty(num_parameters, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        with torch.no_grad():
            self.weight.fill_(self.init)

    def forward(self, input):
        return G.prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class CELU(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return G.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}" + _inplace_str(self.inplace)


class Softsign(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.softsign(input)


class Hardswish(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardswish(input, self.inplace)


class Hardsigmoid(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardsigmoid(input, self.inplace)


class Threshold(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f"threshold={self.threshold}, value={self.value}" + _inplace_str(self.inplace)


class GLU(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class Softmin(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


# ---- distances, pixel shuffle -------------------------------------------------------------------


class CosineSimilarity(nn.Module):
    __module__ = "torch.nn.modules.distance"

    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(nn.Module):
    __module__ = "torch.nn.modules.distance"

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class PixelShuffle(nn.Module):
    __module__ = "torch.nn.modules.pixelshuffle"

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return G.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(nn.Module):
    __module__ = "torch.nn.modules.pixelshuffle"

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return G.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f"downscale_factor={self.downscale_factor}"


class RReLU(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return G.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        inplace_str = ", inplace=True" if self.inplace else ""
        return f"lower={self.lower}, upper={self.upper}{inplace_str}"


class ChannelShuffle(nn.Module):
    __module__ = "torch.nn.modules.channelshuffle"

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return G.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"


class Unfold(nn.Module):
    __module__ = "torch.nn.modules.fold"

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return G.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return "kernel_size={kernel_size}, dilation={dilation}, padding={padding}, stride={stride}".format(
            **self.__dict__)


class Fold(nn.Module):
    __module__ = "torch.nn.modules.fold"

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return G.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return ("output_size={output_size}, kernel_size={kernel_size}, dilation={dilation}, padding={padding}, "
                "stride={stride}".format(**self.__dict__))


# ---- upsampling ---------------------------------------------------------------------------------


class Upsample(nn.Module):
    __module__ = "torch.nn.modules.upsampling"

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple([float(factor) for factor in scale_factor])
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return G.interpolate(
            input,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            recompute_scale_factor=self.recompute_scale_factor,
        )

    def extra_repr(self):
        if self.scale_factor is not None:
            info = "scale_factor=" + repr(self.scale_factor)
        else:
            info = "size=" + repr(self.size)
        info += ", mode=" + repr(self.mode)
        return info


class UpsamplingNearest2d(Upsample):
    __module__ = "torch.nn.modules.upsampling"

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    __module__ = "torch.nn.modules.upsampling"

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


# ---- 1-d pooling --------------------------------------------------------------------------------


class MaxPool1d(nn.Module):
    __module__ = "torch.nn.modules.pooling"

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return G.max_pool1d(
            input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode, self.return_indices
        )

    def extra_repr(self):
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class _MaxUnpoolNd(nn.Module):
    __module__ = "torch.nn.modules.pooling"
    _n = 2

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, self._n)
        self.stride = _ntuple(stride if (stride is not None) else kernel_size, self._n)
        self.padding = _ntuple(padding, self._n)

    def forward(self, input, indices, output_size=None):
        return G._max_unpool(input, indices, self.kernel_size, self.stride, self.padding, output_size, self._n)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpoolNd):
    __module__ = "torch.nn.modules.pooling"  # a class statement sets its own __module__: not inherited
    _n = 1


class MaxUnpool2d(_MaxUnpoolNd):
    __module__ = "torch.nn.modules.pooling"  # a class statement sets its own __module__: not inherited
    _n = 2


class MaxUnpool3d(_MaxUnpoolNd):
    __module__ = "torch.nn.modules.pooling"  # a class statement sets its own __module__: not inherited
    _n = 3


class _LPPoolNd(nn.Module):
    # power-average pooling over F.lp_pool{1,2,3}d; kernel_size and stride are kept as given (PyTorch
    # does not expand them to tuples), and extra_repr formats them from __dict__
    __module__ = "torch.nn.modules.pooling"
    __constants__ = ["norm_type", "kernel_size", "stride", "ceil_mode"]

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return "norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, ceil_mode={ceil_mode}".format(
            **self.__dict__)


class LPPool1d(_LPPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return F.lp_pool1d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(_LPPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return F.lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool3d(_LPPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return F.lp_pool3d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class AvgPool1d(nn.Module):
    __module__ = "torch.nn.modules.pooling"

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = _ntuple(padding, 1)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return G.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool1d(nn.Module):
    __module__ = "torch.nn.modules.pooling"

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return G.adaptive_avg_pool1d(input, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


# ---- normalization ------------------------------------------------------------------------------


class _InstanceNorm(_NormBase):
    __module__ = "torch.nn.modules.instancenorm"

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None):
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__(num_features, eps, momentum, affine, track_running_stats, **factory_kwargs)

    def _check_input_dim(self, input):
        raise NotImplementedError

    def _get_no_batch_dim(self):
        raise NotImplementedError

    def _handle_no_batch_input(self, input):
        return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)

    def _apply_instance_norm(self, input):
        return G.instance_norm(
            input,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            self.training or not self.track_running_stats,
            self.momentum if self.momentum is not None else 0.0,
            self.eps,
        )

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._get_no_batch_dim()
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(
                    f"expected input's size at dim={feature_dim} to match num_features"
                    f" ({self.num_features}), but got: {input.size(feature_dim)}."
                )
            import warnings

            warnings.warn(
                f"input's size at dim={feature_dim} does not match num_features. "
                "You can silence this warning by not passing in num_features, "
                "which is not used because affine=False"
            )
        if input.dim() == self._get_no_batch_dim():
            return self._handle_no_batch_input(input)
        return self._apply_instance_norm(input)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        version = local_metadata.get("version", None)
        # at version 1: removed running_mean and running_var when
        # track_running_stats=False (default)
        if version is None and not self.track_running_stats:
            running_stats_keys = []
            for name in ("running_mean", "running_var"):
                key = prefix + name
                if key in state_dict:
                    running_stats_keys.append(key)
            if len(running_stats_keys) > 0:
                error_msgs.append(
                    "Unexpected running stats buffer(s) {names} for {klass} "
                    "with track_running_stats=False. If state_dict is a "
                    "checkpoint saved before 0.4.0, this may be expected "
                    "because {klass} does not track running stats by default "
                    "since 0.4.0. Please remove these keys from state_dict. If "
                    "the running stats are actually needed, instead set "
                    "track_running_stats=True in {klass} to enable them. See "
                    "the documentation of {klass} for details.".format(
                        names=" and ".join(f'"{k}"' for k in running_stats_keys),
                        klass=self.__class__.__name__,
                    )
                )
                for key in running_stats_keys:
                    state_dict.pop(key)

        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)


class InstanceNorm1d(_InstanceNorm):
    __module__ = "torch.nn.modules.instancenorm"

    def _get_no_batch_dim(self):
        return 2

    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class InstanceNorm2d(_InstanceNorm):
    __module__ = "torch.nn.modules.instancenorm"

    def _get_no_batch_dim(self):
        return 3

    def _check_input_dim(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"expected 3D or 4D input (got {input.dim()}D input)")


class InstanceNorm3d(_InstanceNorm):
    __module__ = "torch.nn.modules.instancenorm"

    def _get_no_batch_dim(self):
        return 4

    def _check_input_dim(self, input):
        if input.dim() not in (4, 5):
            raise ValueError(f"expected 4D or 5D input (got {input.dim()}D input)")


class RMSNorm(nn.Module):
    __module__ = "torch.nn.modules.normalization"

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            nn.init.ones_(self.weight)

    def forward(self, x):
        return G.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


# ---- transposed convolutions ----------------------------------------------------------------------


class _ConvTransposeNd(nn.Module):
    __module__ = "torch.nn.modules.conv"

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                 dilation, padding_mode, nd, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _ntuple(kernel_size, nd)
        self.stride = _ntuple(stride, nd)
        self.padding = _ntuple(padding, nd)
        self.dilation = _ntuple(dilation, nd)
        self.transposed = True
        self.output_padding = _ntuple(output_padding, nd)
        self.groups = groups
        self.padding_mode = padding_mode
        self._nd = nd
        self.weight = Parameter(torch.empty((in_channels, out_channels // groups) + self.kernel_size, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        # kaiming_uniform_(a=sqrt(5)) on the weight, then the bias from U(-1/sqrt(fan_in), 1/sqrt(fan_in)),
        # fan_in from the weight's dim 1 (out_channels / groups) times the kernel size
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.weight.size(1)
            for k in self.kernel_size:
                fan_in *= k
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                nn.init.uniform_(self.bias, -bound, bound)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims, dilation):
        if output_size is None:
            return self.output_padding
        has_batch_dim = input.dim() == num_spatial_dims + 2
        num_non_spatial_dims = 2 if has_batch_dim else 1
        if len(output_size) == num_non_spatial_dims + num_spatial_dims:
            output_size = output_size[num_non_spatial_dims:]
        if len(output_size) != num_spatial_dims:
            raise ValueError(
                f"ConvTranspose{num_spatial_dims}D: for {input.dim()}D input, output_size must have "
                f"{num_spatial_dims} or {num_non_spatial_dims + num_spatial_dims} elements (got {len(output_size)})"
            )
        min_sizes = []
        max_sizes = []
        for d in range(num_spatial_dims):
            dim_size = (
                (input.size(d + num_non_spatial_dims) - 1) * stride[d]
                - 2 * padding[d]
                + (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1)
                + 1
            )
            min_sizes.append(dim_size)
            max_sizes.append(min_sizes[d] + stride[d] - 1)
        for i in range(len(output_size)):
            size = output_size[i]
            min_size = min_sizes[i]
            max_size = max_sizes[i]
            if size < min_size or size > max_size:
                raise ValueError(
                    f"requested an output size of {output_size}, but valid sizes range "
                    f"from {min_sizes} to {max_sizes} (for an input of {input.size()[num_non_spatial_dims:]})"
                )
        return tuple([output_size[d] - min_sizes[d] for d in range(num_spatial_dims)])

    def extra_repr(self):
        s = "{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}".format(
            in_channels=self.in_channels, out_channels=self.out_channels, kernel_size=self.kernel_size,
            stride=self.stride)
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class ConvTranspose1d(_ConvTransposeNd):
    __module__ = "torch.nn.modules.conv"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                         dilation, padding_mode, 1, device, dtype)

    def forward(self, input, output_size=None):
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size, 1,
                                              self.dilation)
        return G.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    __module__ = "torch.nn.modules.conv"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                         dilation, padding_mode, 2, device, dtype)

    def forward(self, input, output_size=None):
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size, 2,
                                              self.dilation)
        return G.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


class ConvTranspose3d(_ConvTransposeNd):
    __module__ = "torch.nn.modules.conv"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                         dilation, padding_mode, 3, device, dtype)

    def forward(self, input, output_size=None):
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size, 3,
                                              self.dilation)
        return G.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


# ---- parameter containers (torch/nn/modules/container.py) ----------------------------------------


def _param_line(k, p, legacy_type=False):
    # ParameterList names the dtype (torch.float32), ParameterDict the legacy type
    # (torch.FloatTensor, via torch.typename), as PyTorch 2.11's two extra_reprs do.
    if isinstance(p, torch.Tensor):
        size_str = "x".join(str(size) for size in p.size())
        device_str = f" ({p.device})" if p.device.type == "cuda" else ""
        kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
        type_str = p.type() if legacy_type else p.dtype
        return f"  ({k}): {kind} containing: [{type_str} of size {size_str}{device_str}]"
    return f"  ({k}): Object of type: {type(p).__name__}"


class ParameterList(nn.Module):
    __module__ = "torch.nn.modules.container"

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def _get_abs_string_index(self, idx):
        idx = int(idx)
        if not (-len(self) <= idx < len(self)):
            raise IndexError(f"index {idx} is out of range")
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            start, stop, step = idx.indices(len(self))
            out = ParameterList()
            for i in range(start, stop, step):
                out.append(self[i])
            return out
        idx = self._get_abs_string_index(idx)
        return getattr(self, str(idx))

    def __setitem__(self, idx, param):
        idx = self._get_abs_string_index(idx)
        if isinstance(param, torch.Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        return setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def __dir__(self):
        return [str(i) for i in range(len(self))]

    def append(self, value):
        new_idx = len(self)
        self._size += 1
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, str(new_idx), value)
        return self

    def extend(self, values):
        if isinstance(values, torch.Tensor):
            raise TypeError("ParameterList.extend should be called with an iterable, but got " + type(values).__name__)
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        return "\n".join(_param_line(k, p) for k, p in enumerate(self))

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")


class ParameterDict(nn.Module):
    __module__ = "torch.nn.modules.container"

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError(
                "Index given to ParameterDict cannot be used as a key as it is not a string (type is '"
                f"{type(key).__name__}'). Open an issue on github if you need non-string keys."
            )
        return key

    def __getitem__(self, key):
        attr = self._key_to_attr(key)
        if key not in self._keys:
            raise KeyError(key)
        return getattr(self, attr)

    def __setitem__(self, key, value):
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key):
        del self._keys[key]
        attr = self._key_to_attr(key)
        delattr(self, attr)

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(list(self._keys))

    def __contains__(self, key):
        return key in self._keys

    def copy(self):
        return ParameterDict({k: self[k] for k in self._keys})

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        for k in list(self._keys):
            del self[k]

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def popitem(self):
        k = list(self._keys)[-1]
        val = self[k]
        del self[k]
        return k, val

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict({k: default for k in keys})

    def keys(self):
        return self._keys.keys()

    def items(self):
        return [(k, self[k]) for k in self._keys]

    def values(self):
        return [self[k] for k in self._keys]

    def update(self, parameters):
        # Ordered mappings keep their order; a plain dict is added in sorted key order (PyTorch's rule,
        # from the days dicts were unordered).
        from collections import OrderedDict
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            for key, parameter in parameters.items():
                self[key] = parameter
            return
        if isinstance(parameters, dict):
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
            return
        for j, p in enumerate(parameters):
            if len(p) != 2:
                raise ValueError(
                    "ParameterDict update sequence element #" + str(j) + " has length " + str(len(p)) + "; 2 is required"
                )
            self[p[0]] = p[1]

    def extra_repr(self):
        return "\n".join(_param_line(k, p, legacy_type=True) for k, p in self.items())

    def __call__(self, input):
        raise RuntimeError("ParameterDict should not be called.")


# ---- losses (torch/nn/modules/loss.py) ------------------------------------------------------------


class _LossBaseMeta(type):
    # PyTorch's built-in losses derive from _Loss (MSELoss, L1Loss, SmoothL1Loss, HuberLoss,
    # BCEWithLogitsLoss) or _WeightedLoss (NLLLoss, CrossEntropyLoss, BCELoss); Kiln's are native
    # layers made before this file runs, so they are members by this check instead of by their
    # __mro__: `isinstance(criterion, nn.modules.loss._Loss)` (IBM/pytorch-seq2seq's Loss, trainers'
    # argument checks) and issubclass answer as in PyTorch. Classes written in Python derive from
    # _Loss / _WeightedLoss for real.
    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        if type.__subclasscheck__(cls, sub):
            return True
        members = cls.__dict__.get("_native_members", ())
        return any(isinstance(sub, type) and type.__subclasscheck__(m, sub) for m in members)


class _Loss(nn.Module, metaclass=_LossBaseMeta):
    __module__ = "torch.nn.modules.loss"
    _native_members = (nn.MSELoss, nn.L1Loss, nn.SmoothL1Loss, nn.HuberLoss, nn.BCEWithLogitsLoss, nn.NLLLoss,
                       nn.CrossEntropyLoss, nn.BCELoss)

    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            self.reduction = G._legacy_reduction(size_average, reduce, reduction)
        else:
            self.reduction = reduction


class _WeightedLoss(_Loss):
    # the base of PyTorch's weighted losses, subclassed by user losses (focal / label-smoothing
    # losses written as `class FocalLoss(_WeightedLoss)`): the class weights are a buffer
    __module__ = "torch.nn.modules.loss"
    _native_members = (nn.NLLLoss, nn.CrossEntropyLoss, nn.BCELoss)

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class KLDivLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return F.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class CosineEmbeddingLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return G.cosine_embedding_loss(input1, input2, target, margin=self.margin, reduction=self.reduction)


class MarginRankingLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return G.margin_ranking_loss(input1, input2, target, margin=self.margin, reduction=self.reduction)


class TripletMarginLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, margin=1.0, p=2.0, eps=1e-6, swap=False, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginLoss: expected margin to be greater than 0, got {margin} instead")
        self.margin = margin
        self.p = p
        self.eps = eps
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return G.triplet_margin_loss(anchor, positive, negative, margin=self.margin, p=self.p, eps=self.eps,
                                     swap=self.swap, reduction=self.reduction)


class TripletMarginWithDistanceLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, *, distance_function=None, margin=1.0, swap=False, reduction="mean"):
        super().__init__(size_average=None, reduce=None, reduction=reduction)
        if margin <= 0:
            raise ValueError(
                f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} instead"
            )
        self.distance_function = distance_function if distance_function is not None else nn.PairwiseDistance()
        self.margin = margin
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return G.triplet_margin_with_distance_loss(anchor, positive, negative, distance_function=self.distance_function,
                                                   margin=self.margin, swap=self.swap, reduction=self.reduction)


class HingeEmbeddingLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, margin=1.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input, target):
        return G.hinge_embedding_loss(input, target, margin=self.margin, reduction=self.reduction)


class SoftMarginLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def forward(self, input, target):
        return G.soft_margin_loss(input, target, reduction=self.reduction)


class MultiLabelSoftMarginLoss(_WeightedLoss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)

    def forward(self, input, target):
        return G.multilabel_soft_margin_loss(input, target, weight=self.weight, reduction=self.reduction)


class GaussianNLLLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__(None, None, reduction)
        self.full = full
        self.eps = eps

    def forward(self, input, target, var):
        return G.gaussian_nll_loss(input, target, var, full=self.full, eps=self.eps, reduction=self.reduction)


class PoissonNLLLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def forward(self, log_input, target):
        return G.poisson_nll_loss(log_input, target, log_input=self.log_input, full=self.full, eps=self.eps,
                                  reduction=self.reduction)


# ---- more activations, pooling, normalization, Bilinear, margin losses ----------------------------


class LogSigmoid(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.logsigmoid(input)


class Softshrink(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return G.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class Hardshrink(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return G.hardshrink(input, self.lambd)

    def extra_repr(self):
        return f"{self.lambd}"


class Tanhshrink(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return G.tanhshrink(input)


class Softmax2d(nn.Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead")
        return F.softmax(input, -3)


class _AdaptiveMaxPoolNd(nn.Module):
    # PyTorch's shared base of the three adaptive max pools: the output size and return_indices
    __module__ = "torch.nn.modules.pooling"

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return G.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd):
    __module__ = "torch.nn.modules.pooling"

    def forward(self, input):
        return G.adaptive_max_pool3d(input, self.output_size, self.return_indices)


class FractionalMaxPool2d(nn.Module):
    # PyTorch's module: output_size or output_ratio (in (0, 1)), fresh samples each call unless
    # _random_samples is given; no extra_repr, so it prints as FractionalMaxPool2d()
    __module__ = "torch.nn.modules.pooling"

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        self.kernel_size = (kernel_size, kernel_size) if isinstance(kernel_size, int) else tuple(kernel_size)
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)
        self.output_size = ((output_size, output_size) if isinstance(output_size, int) else tuple(output_size)) \
            if output_size is not None else None
        self.output_ratio = ((output_ratio, output_ratio) if isinstance(output_ratio, (int, float))
                             else tuple(output_ratio)) if output_ratio is not None else None
        if output_size is None and output_ratio is None:
            raise ValueError("FractionalMaxPool2d requires specifying either an output size, or a pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if self.output_ratio is not None:
            if not (0 < self.output_ratio[0] < 1 and 0 < self.output_ratio[1] < 1):
                raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input):
        return G.fractional_max_pool2d(input, self.kernel_size, self.output_size, self.output_ratio,
                                       self.return_indices, _random_samples=self._random_samples)


class LocalResponseNorm(nn.Module):
    __module__ = "torch.nn.modules.normalization"

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return G.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"


class Bilinear(nn.Module):
    __module__ = "torch.nn.modules.linear"

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in1_features, in2_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1 / math.sqrt(self.weight.size(1))
        nn.init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return G.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (
            f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
            f"out_features={self.out_features}, bias={self.bias is not None}"
        )


class MultiMarginLoss(_WeightedLoss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
        if p != 1 and p != 2:
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got {weight.dim()}D instead")
        super().__init__(weight, size_average, reduce, reduction)
        self.p = p
        self.margin = margin

    def forward(self, input, target):
        return G.multi_margin_loss(input, target, p=self.p, margin=self.margin, weight=self.weight,
                                   reduction=self.reduction)


class MultiLabelMarginLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def forward(self, input, target):
        return G.multilabel_margin_loss(input, target, reduction=self.reduction)



# ---- torch/nn/modules/sparse.py ----------------------------------------------------------------------


class EmbeddingBag(nn.Module):
    __module__ = "torch.nn.modules.sparse"

    def __init__(
        self,
        num_embeddings,
        embedding_dim,
        max_norm=None,
        norm_type=2.0,
        scale_grad_by_freq=False,
        mode="mean",
        sparse=False,
        _weight=None,
        include_last_offset=False,
        padding_idx=None,
        device=None,
        dtype=None,
    ):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < self.num_embeddings, "padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -self.num_embeddings, "padding_idx must be within num_embeddings"
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), device=device, dtype=dtype))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [
                num_embeddings,
                embedding_dim,
            ], "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = Parameter(_weight)
        self.mode = mode
        self.sparse = sparse
        self.include_last_offset = include_last_offset

    def reset_parameters(self):
        nn.init.normal_(self.weight)
        self._fill_padding_idx_with_zero()

    def _fill_padding_idx_with_zero(self):
        if self.padding_idx is not None:
            with torch.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input, offsets=None, per_sample_weights=None):
        return G.embedding_bag(
            input,
            self.weight,
            offsets,
            self.max_norm,
            self.norm_type,
            self.scale_grad_by_freq,
            self.mode,
            self.sparse,
            per_sample_weights,
            self.include_last_offset,
            self.padding_idx,
        )

    def extra_repr(self):
        s = "{num_embeddings}, {embedding_dim}"
        if self.max_norm is not None:
            s += ", max_norm={max_norm}"
        if self.norm_type != 2:
            s += ", norm_type={norm_type}"
        if self.scale_grad_by_freq is not False:
            s += ", scale_grad_by_freq={scale_grad_by_freq}"
        s += ", mode={mode}"
        if self.padding_idx is not None:
            s += ", padding_idx={padding_idx}"
        return s.format(**{k: repr(v) for k, v in self.__dict__.items()})

    @classmethod
    def from_pretrained(
        cls,
        embeddings,
        freeze=True,
        max_norm=None,
        norm_type=2.0,
        scale_grad_by_freq=False,
        mode="mean",
        sparse=False,
        include_last_offset=False,
        padding_idx=None,
    ):
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        rows, cols = embeddings.shape
        embeddingbag = cls(
            num_embeddings=rows,
            embedding_dim=cols,
            _weight=embeddings,
            max_norm=max_norm,
            norm_type=norm_type,
            scale_grad_by_freq=scale_grad_by_freq,
            mode=mode,
            sparse=sparse,
            include_last_offset=include_last_offset,
            padding_idx=padding_idx,
        )
        embeddingbag.weight.requires_grad = not freeze
        return embeddingbag


class CTCLoss(_Loss):
    __module__ = "torch.nn.modules.loss"

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction=reduction)
        self.blank = blank
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return G.ctc_loss(
            log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction, self.zero_infinity
        )


def _register_in_home_modules():
    # pickle names a class by (__module__, __qualname__): torch.save of a model holding a PReLU or a
    # ConvTranspose2d writes `torch.nn.modules.activation PReLU` / `torch.nn.modules.conv
    # ConvTranspose2d`, and torch.load (Kiln's or PyTorch's) looks the class up there. So each class
    # of this file is also put in the module its __module__ names, as PyTorch defines it in that file;
    # a module Kiln has no other reason to provide (torch.nn.modules.distance, .fold, .upsampling,
    # ...) is made here.
    import importlib
    import sys
    import types

    import torch.nn.modules as package

    # the private bases user code imports from their files (`from torch.nn.modules.loss import _Loss`)
    for name in list(__all__) + ["_Loss", "_WeightedLoss"]:
        cls = globals().get(name)
        home = getattr(cls, "__module__", "")
        if not isinstance(cls, type) or not home.startswith("torch.nn.modules."):
            continue
        module = sys.modules.get(home)
        if module is None:
            try:
                module = importlib.import_module(home)
            except ImportError:
                module = types.ModuleType(home)
                sys.modules[home] = module
                setattr(package, home.rsplit(".", 1)[1], module)
        if getattr(module, cls.__name__, None) is not cls:
            setattr(module, cls.__name__, cls)




# ---- torch/nn/modules/adaptive.py ------------------------------------------------------------------
from collections import namedtuple as _namedtuple

_ASMoutput = _namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(nn.Module):
    # Grave et al.'s adaptive softmax: a head over the shortlist plus one logit per cluster, and per
    # cluster a low-rank (in -> in / div_value**(i+1) -> cluster size) tail; forward returns the
    # target log-probabilities and their mean negative as _ASMoutput(output, loss)
    __module__ = "torch.nn.modules.adaptive"

    def __init__(self, in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None):
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if ((cutoffs != sorted(cutoffs)) or (min(cutoffs) <= 0) or (max(cutoffs) > (n_classes - 1))
                or (len(set(cutoffs)) != len(cutoffs)) or any(int(c) != c for c in cutoffs)):
            raise ValueError("cutoffs should be a sequence of unique, positive integers sorted in an increasing "
                             "order, where each value is between 1 and n_classes-1")
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head = nn.Linear(self.in_features, self.head_size, bias=self.head_bias, **factory_kwargs)
        self.tail = nn.ModuleList()
        for i in range(self.n_clusters):
            hsz = int(self.in_features // (self.div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            projection = nn.Sequential(
                nn.Linear(self.in_features, hsz, bias=False, **factory_kwargs),
                nn.Linear(hsz, osz, bias=False, **factory_kwargs),
            )
            self.tail.append(projection)

    def reset_parameters(self):
        self.head.reset_parameters()
        for i2h, h2o in self.tail:
            i2h.reset_parameters()
            h2o.reset_parameters()

    def forward(self, input_, target_):
        targ_dim = target_.dim()
        if targ_dim == 1:
            if input_.size(0) != target_.size(0):
                raise RuntimeError("Input and target should have the same size in the batch dimension.")
            if input_.dim() != 2:
                raise RuntimeError("1D target tensor expects 2D input tensors, but found inputs with size", input_.size())
        elif targ_dim == 0:
            if input_.dim() != 1:
                raise RuntimeError("0D target tensor expects 1D input tensors, but found inputs with size", input_.size())
        else:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        is_batched = targ_dim > 0
        input = input_ if is_batched else input_.unsqueeze(0)
        target = target_ if is_batched else target_.unsqueeze(0)
        used_rows = 0
        batch_size = target.size(0)
        output = input.new_zeros(batch_size)
        gather_inds = target.new_empty(batch_size)
        cutoff_values = [0] + self.cutoffs
        for i in range(len(cutoff_values) - 1):
            low_idx = cutoff_values[i]
            high_idx = cutoff_values[i + 1]
            target_mask = (target >= low_idx) & (target < high_idx)
            row_indices = target_mask.nonzero().squeeze()
            if row_indices.numel() == 0:
                continue
            if i == 0:
                gather_inds.index_copy_(0, row_indices, target[target_mask])
            else:
                relative_target = target[target_mask] - low_idx
                input_subset = input.index_select(0, row_indices)
                cluster_output = self.tail[i - 1](input_subset)
                cluster_index = self.shortlist_size + i - 1
                gather_inds.index_fill_(0, row_indices, cluster_index)
                cluster_logprob = F.log_softmax(cluster_output, dim=1)
                local_logprob = cluster_logprob.gather(1, relative_target.unsqueeze(1))
                output.index_copy_(0, row_indices, local_logprob.squeeze(1))
            used_rows += row_indices.numel()
        if used_rows != batch_size:
            raise RuntimeError(f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                               f"[{target.min().item()}, {target.max().item()}] were found. ")
        head_output = self.head(input)
        head_logprob = F.log_softmax(head_output, dim=1)
        output += head_logprob.gather(1, gather_inds.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        if not is_batched:
            output = output.squeeze(0)
        return _ASMoutput(output, loss)

    def _get_full_log_prob(self, input, head_output):
        out = input.new_empty((head_output.size(0), self.n_classes))
        head_logprob = F.log_softmax(head_output, dim=1)
        out[:, : self.shortlist_size] = head_logprob[:, : self.shortlist_size]
        for i, (start_idx, stop_idx) in enumerate(zip(self.cutoffs, self.cutoffs[1:])):
            cluster_output = self.tail[i](input)
            cluster_logprob = F.log_softmax(cluster_output, dim=1)
            output_logprob = cluster_logprob + head_logprob[:, self.shortlist_size + i].unsqueeze(1)
            out[:, start_idx:stop_idx] = output_logprob
        return out

    def log_prob(self, input):
        head_output = self.head(input)
        return self._get_full_log_prob(input, head_output)

    def predict(self, input):
        head_output = self.head(input)
        output = torch.argmax(head_output, dim=1)
        not_in_shortlist = output >= self.shortlist_size
        all_in_shortlist = not (not_in_shortlist.any())
        if all_in_shortlist:
            return output
        elif not_in_shortlist.all():
            log_prob = self._get_full_log_prob(input, head_output)
            return torch.argmax(log_prob, dim=1)
        else:
            log_prob = self._get_full_log_prob(input[not_in_shortlist], head_output[not_in_shortlist])
            output[not_in_shortlist] = torch.argmax(log_prob, dim=1)
            return output


# Last, after every class of this file is defined (adaptive.py's above included).
_register_in_home_modules()
