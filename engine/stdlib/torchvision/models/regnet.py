# torchvision.models.regnet: RegNetY (with squeeze-excitation) 400MF-128GF and RegNetX 400MF-32GF from
# "Designing Network Design Spaces" as torchvision 0.26 builds them: BlockParams.from_init_params turns
# (depth, w_0, w_a, w_m, group_width) into per-stage widths and depths with the same float32 tensor
# arithmetic as torchvision, SimpleStemIN, AnyStage's "blockS-I" children of ResBottleneckBlocks
# (proj, f = BottleneckTransform a/b/[se]/c) under trunk_output, init: normal(0, sqrt(2 / fan_out))
# convolutions, BatchNorm 1/0, Linear normal(0, 0.01) / zero bias. Pretrained weights raise (Kiln is
# offline).
import math
from collections import OrderedDict
from functools import partial

from typing import Any, Callable, List, Optional, Tuple

import torch
from torch import nn, Tensor

from torchvision.ops.misc import Conv2dNormActivation, SqueezeExcitation
from torchvision.models._api import Weights, WeightsEnum, register_model
from torchvision.models._meta import _IMAGENET_CATEGORIES
from torchvision.models._utils import _make_divisible, _ovewrite_named_param, handle_legacy_interface

__all__ = [
    "RegNet", "RegNet_Y_400MF_Weights", "RegNet_Y_800MF_Weights", "RegNet_Y_1_6GF_Weights", "RegNet_Y_3_2GF_Weights",
    "RegNet_Y_8GF_Weights", "RegNet_Y_16GF_Weights", "RegNet_Y_32GF_Weights", "RegNet_Y_128GF_Weights",
    "RegNet_X_400MF_Weights", "RegNet_X_800MF_Weights", "RegNet_X_1_6GF_Weights", "RegNet_X_3_2GF_Weights",
    "RegNet_X_8GF_Weights", "RegNet_X_16GF_Weights", "RegNet_X_32GF_Weights", "regnet_y_400mf", "regnet_y_800mf",
    "regnet_y_1_6gf", "regnet_y_3_2gf", "regnet_y_8gf", "regnet_y_16gf", "regnet_y_32gf", "regnet_y_128gf",
    "regnet_x_400mf", "regnet_x_800mf", "regnet_x_1_6gf", "regnet_x_3_2gf", "regnet_x_8gf", "regnet_x_16gf",
    "regnet_x_32gf",
]


class SimpleStemIN(Conv2dNormActivation):
    # The ImageNet stem: 3x3 stride-2 convolution, BatchNorm, ReLU.
    def __init__(self, width_in: int, width_out: int, norm_layer: Callable[..., nn.Module],
                 activation_layer: Callable[..., nn.Module]) -> None:
        super().__init__(width_in, width_out, kernel_size=3, stride=2, norm_layer=norm_layer,
                         activation_layer=activation_layer)


class BottleneckTransform(nn.Sequential):
    # 1x1, grouped 3x3 [+ squeeze-excitation], 1x1 (children named a, b, se, c).
    def __init__(self, width_in: int, width_out: int, stride: int, norm_layer: Callable[..., nn.Module],
                 activation_layer: Callable[..., nn.Module], group_width: int, bottleneck_multiplier: float,
                 se_ratio: Optional[float]) -> None:
        layers = OrderedDict()
        w_b = int(round(width_out * bottleneck_multiplier))
        g = w_b // group_width
        layers["a"] = Conv2dNormActivation(width_in, w_b, kernel_size=1, stride=1, norm_layer=norm_layer,
                                           activation_layer=activation_layer)
        layers["b"] = Conv2dNormActivation(w_b, w_b, kernel_size=3, stride=stride, groups=g, norm_layer=norm_layer,
                                           activation_layer=activation_layer)
        if se_ratio:
            # the squeeze width is relative to the block's input width
            width_se_out = int(round(se_ratio * width_in))
            layers["se"] = SqueezeExcitation(input_channels=w_b, squeeze_channels=width_se_out,
                                             activation=activation_layer)
        layers["c"] = Conv2dNormActivation(w_b, width_out, kernel_size=1, stride=1, norm_layer=norm_layer,
                                           activation_layer=None)
        super().__init__(layers)


class ResBottleneckBlock(nn.Module):
    # x + F(x), through a 1x1 projection when the width or resolution changes.
    def __init__(self, width_in: int, width_out: int, stride: int, norm_layer: Callable[..., nn.Module],
                 activation_layer: Callable[..., nn.Module], group_width: int = 1, bottleneck_multiplier: float = 1.0,
                 se_ratio: Optional[float] = None) -> None:
        super().__init__()
        self.proj = None
        should_proj = (width_in != width_out) or (stride != 1)
        if should_proj:
            self.proj = Conv2dNormActivation(width_in, width_out, kernel_size=1, stride=stride, norm_layer=norm_layer,
                                             activation_layer=None)
        self.f = BottleneckTransform(width_in, width_out, stride, norm_layer, activation_layer, group_width,
                                     bottleneck_multiplier, se_ratio)
        self.activation = activation_layer(inplace=True)

    def forward(self, x: Tensor) -> Tensor:
        if self.proj is not None:
            x = self.proj(x) + self.f(x)
        else:
            x = x + self.f(x)
        return self.activation(x)


class AnyStage(nn.Sequential):
    # A stage of `depth` blocks of one output width; only the first changes width / stride.
    def __init__(self, width_in: int, width_out: int, stride: int, depth: int,
                 block_constructor: Callable[..., nn.Module], norm_layer: Callable[..., nn.Module],
                 activation_layer: Callable[..., nn.Module], group_width: int, bottleneck_multiplier: float,
                 se_ratio: Optional[float] = None, stage_index: int = 0) -> None:
        super().__init__()
        for i in range(depth):
            block = block_constructor(width_in if i == 0 else width_out, width_out, stride if i == 0 else 1,
                                      norm_layer, activation_layer, group_width, bottleneck_multiplier, se_ratio)
            self.add_module(f"block{stage_index}-{i}", block)


class BlockParams:
    def __init__(self, depths: list[int], widths: list[int], group_widths: list[int],
                 bottleneck_multipliers: list[float], strides: list[int], se_ratio: Optional[float] = None) -> None:
        self.depths = depths
        self.widths = widths
        self.group_widths = group_widths
        self.bottleneck_multipliers = bottleneck_multipliers
        self.strides = strides
        self.se_ratio = se_ratio

    @classmethod
    def from_init_params(cls, depth: int, w_0: int, w_a: float, w_m: float, group_width: int,
                         bottleneck_multiplier: float = 1.0, se_ratio: Optional[float] = None,
                         **kwargs: Any) -> "BlockParams":
        # Block widths grow linearly (w_0 + w_a * i), are quantized in log space with step w_m and
        # rounded to multiples of 8; consecutive blocks of one width form a stage. The arithmetic is
        # torch float32, as torchvision's, so the rounding matches.
        QUANT = 8
        STRIDE = 2
        if w_a < 0 or w_0 <= 0 or w_m <= 1 or w_0 % 8 != 0:
            raise ValueError("Invalid RegNet settings")
        widths_cont = torch.arange(depth) * w_a + w_0
        block_capacity = torch.round(torch.log(widths_cont / w_0) / math.log(w_m))
        block_widths = (torch.round(torch.divide(w_0 * torch.pow(w_m, block_capacity), QUANT)) * QUANT).int().tolist()
        num_stages = len(set(block_widths))
        split_helper = zip(block_widths + [0], [0] + block_widths, block_widths + [0], [0] + block_widths)
        splits = [w != wp or r != rp for w, wp, r, rp in split_helper]
        stage_widths = [w for w, t in zip(block_widths, splits[:-1]) if t]
        stage_depths = torch.diff(torch.tensor([d for d, t in enumerate(splits) if t])).int().tolist()
        strides = [STRIDE] * num_stages
        bottleneck_multipliers = [bottleneck_multiplier] * num_stages
        group_widths = [group_width] * num_stages
        stage_widths, group_widths = cls._adjust_widths_groups_compatibilty(stage_widths, bottleneck_multipliers,
                                                                            group_widths)
        return cls(depths=stage_depths, widths=stage_widths, group_widths=group_widths,
                   bottleneck_multipliers=bottleneck_multipliers, strides=strides, se_ratio=se_ratio)

    def _get_expanded_params(self):
        return zip(self.widths, self.strides, self.depths, self.group_widths, self.bottleneck_multipliers)

    @staticmethod
    def _adjust_widths_groups_compatibilty(stage_widths: list[int], bottleneck_ratios: list[float],
                                           group_widths: list[int]) -> tuple[list[int], list[int]]:
        # Bottleneck widths become multiples of their group width (a group no wider than the bottleneck).
        widths = [int(w * b) for w, b in zip(stage_widths, bottleneck_ratios)]
        group_widths_min = [min(g, w_bot) for g, w_bot in zip(group_widths, widths)]
        ws_bot = [_make_divisible(w_bot, g) for w_bot, g in zip(widths, group_widths_min)]
        stage_widths = [int(w_bot / b) for w_bot, b in zip(ws_bot, bottleneck_ratios)]
        return stage_widths, group_widths_min


class RegNet(nn.Module):
    def __init__(self, block_params: BlockParams, num_classes: int = 1000, stem_width: int = 32,
                 stem_type: Optional[Callable[..., nn.Module]] = None,
                 block_type: Optional[Callable[..., nn.Module]] = None,
                 norm_layer: Optional[Callable[..., nn.Module]] = None,
                 activation: Optional[Callable[..., nn.Module]] = None) -> None:
        super().__init__()
        if stem_type is None:
            stem_type = SimpleStemIN
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        if block_type is None:
            block_type = ResBottleneckBlock
        if activation is None:
            activation = nn.ReLU
        self.stem = stem_type(3, stem_width, norm_layer, activation)
        current_width = stem_width
        blocks = []
        for i, (width_out, stride, depth, group_width, bottleneck_multiplier) in enumerate(
                block_params._get_expanded_params()):
            blocks.append((f"block{i + 1}", AnyStage(current_width, width_out, stride, depth, block_type, norm_layer,
                                                     activation, group_width, bottleneck_multiplier,
                                                     block_params.se_ratio, stage_index=i + 1)))
            current_width = width_out
        self.trunk_output = nn.Sequential(OrderedDict(blocks))
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(in_features=current_width, out_features=num_classes)
        # ResNet-style init (the convolutions have no bias: BatchNorm follows each)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                fan_out = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                nn.init.normal_(m.weight, mean=0.0, std=math.sqrt(2.0 / fan_out))
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
            elif isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, mean=0.0, std=0.01)
                nn.init.zeros_(m.bias)

    def forward(self, x: Tensor) -> Tensor:
        x = self.stem(x)
        x = self.trunk_output(x)
        x = self.avgpool(x)
        x = x.flatten(start_dim=1)
        return self.fc(x)


def _regnet(block_params: BlockParams, weights: Optional[WeightsEnum], progress: bool, **kwargs: Any) -> RegNet:
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", 1000)
        weights.get_state_dict(progress=progress)  # raises: Kiln is offline
    norm_layer = kwargs.pop("norm_layer", partial(nn.BatchNorm2d, eps=1e-05, momentum=0.1))
    return RegNet(block_params, norm_layer=norm_layer, **kwargs)


_URL = "https://download.pytorch.org/models/"
_REF = "https://github.com/pytorch/vision/tree/main/references/classification#"
_NEW = "https://github.com/pytorch/vision/issues/3995#new-recipe"
_SWAG = "https://github.com/facebookresearch/SWAG"
_SWAG_LINEAR = "https://github.com/pytorch/vision/pull/5793"


def _w(file, num_params, recipe):
    return Weights(url=_URL + file, transforms=None, meta={"min_size": (1, 1), "categories": _IMAGENET_CATEGORIES, "num_params": num_params,
                                                           "recipe": recipe})


class RegNet_Y_400MF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_400mf-c65dace8.pth", 4344144, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_y_400mf-e6988f5f.pth", 4344144, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_800MF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_800mf-1b27b58c.pth", 6432512, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_y_800mf-58fc7688.pth", 6432512, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_1_6GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_1_6gf-b11a554e.pth", 11202430, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_y_1_6gf-0d7bc02a.pth", 11202430, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_3_2GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_3_2gf-b5a9779c.pth", 19436338, _REF + "medium-models")
    IMAGENET1K_V2 = _w("regnet_y_3_2gf-9180c971.pth", 19436338, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_8GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_8gf-d0d0e4a8.pth", 39381472, _REF + "medium-models")
    IMAGENET1K_V2 = _w("regnet_y_8gf-dc2b1b54.pth", 39381472, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_16GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_16gf-9e6ed7dd.pth", 83590140, _REF + "large-models")
    IMAGENET1K_V2 = _w("regnet_y_16gf-3e4a00f9.pth", 83590140, _NEW)
    IMAGENET1K_SWAG_E2E_V1 = _w("regnet_y_16gf_swag-43afe44d.pth", 83590140, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("regnet_y_16gf_lc_swag-f3ec0043.pth", 83590140, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_32GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_y_32gf-4dee3f7a.pth", 145046770, _REF + "large-models")
    IMAGENET1K_V2 = _w("regnet_y_32gf-8db6d4b5.pth", 145046770, _NEW)
    IMAGENET1K_SWAG_E2E_V1 = _w("regnet_y_32gf_swag-04fdfa75.pth", 145046770, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("regnet_y_32gf_lc_swag-e1583746.pth", 145046770, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_V2


class RegNet_Y_128GF_Weights(WeightsEnum):
    IMAGENET1K_SWAG_E2E_V1 = _w("regnet_y_128gf_swag-c8ce3e52.pth", 644812894, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("regnet_y_128gf_lc_swag-cbe8ce12.pth", 644812894, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_SWAG_E2E_V1


class RegNet_X_400MF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_400mf-adf1edd5.pth", 5495976, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_x_400mf-62229a5f.pth", 5495976, _NEW + "-with-fixres")
    DEFAULT = IMAGENET1K_V2


class RegNet_X_800MF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_800mf-ad17e45c.pth", 7259656, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_x_800mf-94a99ebd.pth", 7259656, _NEW + "-with-fixres")
    DEFAULT = IMAGENET1K_V2


class RegNet_X_1_6GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_1_6gf-e3633e7f.pth", 9190136, _REF + "small-models")
    IMAGENET1K_V2 = _w("regnet_x_1_6gf-a12f2b72.pth", 9190136, _NEW + "-with-fixres")
    DEFAULT = IMAGENET1K_V2


class RegNet_X_3_2GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_3_2gf-f342aeae.pth", 15296552, _REF + "medium-models")
    IMAGENET1K_V2 = _w("regnet_x_3_2gf-7071aa85.pth", 15296552, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_X_8GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_8gf-03ceed89.pth", 39572648, _REF + "medium-models")
    IMAGENET1K_V2 = _w("regnet_x_8gf-2b70d774.pth", 39572648, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_X_16GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_16gf-2007eb11.pth", 54278536, _REF + "medium-models")
    IMAGENET1K_V2 = _w("regnet_x_16gf-ba3796d7.pth", 54278536, _NEW)
    DEFAULT = IMAGENET1K_V2


class RegNet_X_32GF_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("regnet_x_32gf-9d47f8d0.pth", 107811560, _REF + "large-models")
    IMAGENET1K_V2 = _w("regnet_x_32gf-6eb8fdc6.pth", 107811560, _NEW)
    DEFAULT = IMAGENET1K_V2


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_400MF_Weights.IMAGENET1K_V1))
def regnet_y_400mf(*, weights: Optional[RegNet_Y_400MF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_400MF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_400MF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=16, w_0=48, w_a=27.89, w_m=2.09, group_width=8,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_800MF_Weights.IMAGENET1K_V1))
def regnet_y_800mf(*, weights: Optional[RegNet_Y_800MF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_800MF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_800MF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=14, w_0=56, w_a=38.84, w_m=2.4, group_width=16,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_1_6GF_Weights.IMAGENET1K_V1))
def regnet_y_1_6gf(*, weights: Optional[RegNet_Y_1_6GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_1.6GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_1_6GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=27, w_0=48, w_a=20.71, w_m=2.65, group_width=24,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_3_2GF_Weights.IMAGENET1K_V1))
def regnet_y_3_2gf(*, weights: Optional[RegNet_Y_3_2GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_3.2GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_3_2GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=21, w_0=80, w_a=42.63, w_m=2.66, group_width=24,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_8GF_Weights.IMAGENET1K_V1))
def regnet_y_8gf(*, weights: Optional[RegNet_Y_8GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_8GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_8GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=17, w_0=192, w_a=76.82, w_m=2.19, group_width=56,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_16GF_Weights.IMAGENET1K_V1))
def regnet_y_16gf(*, weights: Optional[RegNet_Y_16GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_16GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_16GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=18, w_0=200, w_a=106.23, w_m=2.48, group_width=112,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_Y_32GF_Weights.IMAGENET1K_V1))
def regnet_y_32gf(*, weights: Optional[RegNet_Y_32GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_32GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_32GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=20, w_0=232, w_a=115.89, w_m=2.53, group_width=232,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", None))
def regnet_y_128gf(*, weights: Optional[RegNet_Y_128GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetY_128GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_Y_128GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=27, w_0=456, w_a=160.83, w_m=2.52, group_width=264,
                                          se_ratio=0.25, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_400MF_Weights.IMAGENET1K_V1))
def regnet_x_400mf(*, weights: Optional[RegNet_X_400MF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_400MF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_400MF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=22, w_0=24, w_a=24.48, w_m=2.54, group_width=16, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_800MF_Weights.IMAGENET1K_V1))
def regnet_x_800mf(*, weights: Optional[RegNet_X_800MF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_800MF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_800MF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=16, w_0=56, w_a=35.73, w_m=2.28, group_width=16, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_1_6GF_Weights.IMAGENET1K_V1))
def regnet_x_1_6gf(*, weights: Optional[RegNet_X_1_6GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_1.6GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_1_6GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=18, w_0=80, w_a=34.01, w_m=2.25, group_width=24, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_3_2GF_Weights.IMAGENET1K_V1))
def regnet_x_3_2gf(*, weights: Optional[RegNet_X_3_2GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_3.2GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_3_2GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=25, w_0=88, w_a=26.31, w_m=2.25, group_width=48, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_8GF_Weights.IMAGENET1K_V1))
def regnet_x_8gf(*, weights: Optional[RegNet_X_8GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_8GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_8GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=23, w_0=80, w_a=49.56, w_m=2.88, group_width=120, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_16GF_Weights.IMAGENET1K_V1))
def regnet_x_16gf(*, weights: Optional[RegNet_X_16GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_16GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_16GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=22, w_0=216, w_a=55.59, w_m=2.1, group_width=128, **kwargs)
    return _regnet(params, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", RegNet_X_32GF_Weights.IMAGENET1K_V1))
def regnet_x_32gf(*, weights: Optional[RegNet_X_32GF_Weights] = None, progress: bool = True, **kwargs: Any) -> RegNet:
    """RegNetX_32GF from `Designing Network Design Spaces <https://arxiv.org/abs/2003.13678>`__."""
    weights = RegNet_X_32GF_Weights.verify(weights)
    params = BlockParams.from_init_params(depth=23, w_0=320, w_a=69.86, w_m=2.0, group_width=168, **kwargs)
    return _regnet(params, weights, progress, **kwargs)
