# torchvision.models.efficientnet: EfficientNet B0-B7 and EfficientNetV2 S/M/L as torchvision 0.26 builds
# them: MBConvConfig / FusedMBConvConfig stage tables (width and depth multipliers, channels rounded
# to 8), MBConv (expand, depthwise, SqueezeExcitation with SiLU, project) and FusedMBConv blocks with
# StochasticDepth whose probability grows linearly with the block index, the same module names
# (features.N.M.block.K) and construction order, and torchvision's init: kaiming_normal_(fan_out)
# convolutions, BatchNorm/GroupNorm 1/0, Linear uniform(+-1/sqrt(out_features)) / zero bias. B5-B7 and
# V2 use BatchNorm eps 1e-3 as torchvision does. Pretrained weights raise (Kiln is offline).
import copy
import math
import warnings
from dataclasses import dataclass
from functools import partial

from collections.abc import Sequence
from typing import Any, Callable, Optional, Tuple, Union

import torch
from torch import nn, Tensor

from torchvision.ops.misc import Conv2dNormActivation, SqueezeExcitation
from torchvision.ops.stochastic_depth import StochasticDepth
from torchvision.models._api import Weights, WeightsEnum, register_model
from torchvision.models._meta import _IMAGENET_CATEGORIES
from torchvision.models._utils import _make_divisible, _ovewrite_named_param, handle_legacy_interface

__all__ = [
    "EfficientNet", "EfficientNet_B0_Weights", "EfficientNet_B1_Weights", "EfficientNet_B2_Weights",
    "EfficientNet_B3_Weights", "EfficientNet_B4_Weights", "EfficientNet_B5_Weights", "EfficientNet_B6_Weights",
    "EfficientNet_B7_Weights", "EfficientNet_V2_S_Weights", "EfficientNet_V2_M_Weights", "EfficientNet_V2_L_Weights",
    "efficientnet_b0", "efficientnet_b1", "efficientnet_b2", "efficientnet_b3", "efficientnet_b4", "efficientnet_b5",
    "efficientnet_b6", "efficientnet_b7", "efficientnet_v2_s", "efficientnet_v2_m", "efficientnet_v2_l",
]


@dataclass
class _MBConvConfig:
    expand_ratio: float
    kernel: int
    stride: int
    input_channels: int
    out_channels: int
    num_layers: int
    block: object

    @staticmethod
    def adjust_channels(channels: int, width_mult: float, min_value: Optional[int] = None) -> int:
        return _make_divisible(channels * width_mult, 8, min_value)


class MBConvConfig(_MBConvConfig):
    # One row of Table 1 of the EfficientNet paper (and of Table 4 of EfficientNetV2's).
    def __init__(self, expand_ratio: float, kernel: int, stride: int, input_channels: int, out_channels: int,
                 num_layers: int, width_mult: float = 1.0, depth_mult: float = 1.0,
                 block: Optional[Callable[..., nn.Module]] = None) -> None:
        input_channels = self.adjust_channels(input_channels, width_mult)
        out_channels = self.adjust_channels(out_channels, width_mult)
        num_layers = self.adjust_depth(num_layers, depth_mult)
        if block is None:
            block = MBConv
        super().__init__(expand_ratio, kernel, stride, input_channels, out_channels, num_layers, block)

    @staticmethod
    def adjust_depth(num_layers: int, depth_mult: float):
        return int(math.ceil(num_layers * depth_mult))


class FusedMBConvConfig(_MBConvConfig):
    # One Fused-MBConv row of Table 4 of the EfficientNetV2 paper.
    def __init__(self, expand_ratio: float, kernel: int, stride: int, input_channels: int, out_channels: int,
                 num_layers: int, block: Optional[Callable[..., nn.Module]] = None) -> None:
        if block is None:
            block = FusedMBConv
        super().__init__(expand_ratio, kernel, stride, input_channels, out_channels, num_layers, block)


class MBConv(nn.Module):
    def __init__(self, cnf: MBConvConfig, stochastic_depth_prob: float, norm_layer: Callable[..., nn.Module],
                 se_layer: Callable[..., nn.Module] = SqueezeExcitation) -> None:
        super().__init__()
        if not (1 <= cnf.stride <= 2):
            raise ValueError("illegal stride value")
        self.use_res_connect = cnf.stride == 1 and cnf.input_channels == cnf.out_channels
        layers = []
        activation_layer = nn.SiLU
        expanded_channels = cnf.adjust_channels(cnf.input_channels, cnf.expand_ratio)
        if expanded_channels != cnf.input_channels:
            # expand (pointwise)
            layers.append(Conv2dNormActivation(cnf.input_channels, expanded_channels, kernel_size=1,
                                               norm_layer=norm_layer, activation_layer=activation_layer))
        # depthwise
        layers.append(Conv2dNormActivation(expanded_channels, expanded_channels, kernel_size=cnf.kernel,
                                           stride=cnf.stride, groups=expanded_channels, norm_layer=norm_layer,
                                           activation_layer=activation_layer))
        # squeeze-and-excitation: squeezes to a quarter of the block's input channels
        squeeze_channels = max(1, cnf.input_channels // 4)
        layers.append(se_layer(expanded_channels, squeeze_channels, activation=partial(nn.SiLU, inplace=True)))
        # project (linear)
        layers.append(Conv2dNormActivation(expanded_channels, cnf.out_channels, kernel_size=1, norm_layer=norm_layer,
                                           activation_layer=None))
        self.block = nn.Sequential(*layers)
        self.stochastic_depth = StochasticDepth(stochastic_depth_prob, "row")
        self.out_channels = cnf.out_channels

    def forward(self, input: Tensor) -> Tensor:
        result = self.block(input)
        if self.use_res_connect:
            result = self.stochastic_depth(result)
            result += input
        return result


class FusedMBConv(nn.Module):
    def __init__(self, cnf: FusedMBConvConfig, stochastic_depth_prob: float,
                 norm_layer: Callable[..., nn.Module]) -> None:
        super().__init__()
        if not (1 <= cnf.stride <= 2):
            raise ValueError("illegal stride value")
        self.use_res_connect = cnf.stride == 1 and cnf.input_channels == cnf.out_channels
        layers = []
        activation_layer = nn.SiLU
        expanded_channels = cnf.adjust_channels(cnf.input_channels, cnf.expand_ratio)
        if expanded_channels != cnf.input_channels:
            # the expansion and the spatial convolution fused into one full convolution, then the projection
            layers.append(Conv2dNormActivation(cnf.input_channels, expanded_channels, kernel_size=cnf.kernel,
                                               stride=cnf.stride, norm_layer=norm_layer,
                                               activation_layer=activation_layer))
            layers.append(Conv2dNormActivation(expanded_channels, cnf.out_channels, kernel_size=1,
                                               norm_layer=norm_layer, activation_layer=None))
        else:
            layers.append(Conv2dNormActivation(cnf.input_channels, cnf.out_channels, kernel_size=cnf.kernel,
                                               stride=cnf.stride, norm_layer=norm_layer,
                                               activation_layer=activation_layer))
        self.block = nn.Sequential(*layers)
        self.stochastic_depth = StochasticDepth(stochastic_depth_prob, "row")
        self.out_channels = cnf.out_channels

    def forward(self, input: Tensor) -> Tensor:
        result = self.block(input)
        if self.use_res_connect:
            result = self.stochastic_depth(result)
            result += input
        return result


class EfficientNet(nn.Module):
    def __init__(self, inverted_residual_setting: Sequence[Union[MBConvConfig, FusedMBConvConfig]], dropout: float,
                 stochastic_depth_prob: float = 0.2, num_classes: int = 1000,
                 norm_layer: Optional[Callable[..., nn.Module]] = None, last_channel: Optional[int] = None) -> None:
        super().__init__()
        if not inverted_residual_setting:
            raise ValueError("The inverted_residual_setting should not be empty")
        elif not (isinstance(inverted_residual_setting, (list, tuple))
                  and all([isinstance(s, _MBConvConfig) for s in inverted_residual_setting])):
            raise TypeError("The inverted_residual_setting should be list[MBConvConfig]")
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        firstconv_output_channels = inverted_residual_setting[0].input_channels
        layers = [Conv2dNormActivation(3, firstconv_output_channels, kernel_size=3, stride=2, norm_layer=norm_layer,
                                       activation_layer=nn.SiLU)]
        total_stage_blocks = sum(cnf.num_layers for cnf in inverted_residual_setting)
        stage_block_id = 0
        for cnf in inverted_residual_setting:
            stage = []
            for _ in range(cnf.num_layers):
                # a shallow copy per block: all but a stage's first block keep the stage's width, stride 1
                block_cnf = copy.copy(cnf)
                if stage:
                    block_cnf.input_channels = block_cnf.out_channels
                    block_cnf.stride = 1
                sd_prob = stochastic_depth_prob * float(stage_block_id) / total_stage_blocks
                stage.append(block_cnf.block(block_cnf, sd_prob, norm_layer))
                stage_block_id += 1
            layers.append(nn.Sequential(*stage))
        lastconv_input_channels = inverted_residual_setting[-1].out_channels
        lastconv_output_channels = last_channel if last_channel is not None else 4 * lastconv_input_channels
        layers.append(Conv2dNormActivation(lastconv_input_channels, lastconv_output_channels, kernel_size=1,
                                           norm_layer=norm_layer, activation_layer=nn.SiLU))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(
            nn.Dropout(p=dropout, inplace=True),
            nn.Linear(lastconv_output_channels, num_classes),
        )
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out")
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
            elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
            elif isinstance(m, nn.Linear):
                init_range = 1.0 / math.sqrt(m.out_features)
                nn.init.uniform_(m.weight, -init_range, init_range)
                nn.init.zeros_(m.bias)

    def _forward_impl(self, x: Tensor) -> Tensor:
        x = self.features(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        return self.classifier(x)

    def forward(self, x: Tensor) -> Tensor:
        return self._forward_impl(x)


def _efficientnet(inverted_residual_setting: Sequence[Union[MBConvConfig, FusedMBConvConfig]], dropout: float,
                  last_channel: Optional[int], weights: Optional[WeightsEnum], progress: bool,
                  **kwargs: Any) -> EfficientNet:
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", 1000)
        weights.get_state_dict(progress=progress)  # raises: Kiln is offline
    return EfficientNet(inverted_residual_setting, dropout, last_channel=last_channel, **kwargs)


def _efficientnet_conf(arch: str, **kwargs: Any) -> tuple[Sequence[Union[MBConvConfig, FusedMBConvConfig]],
                       Optional[int]]:
    if arch.startswith("efficientnet_b"):
        bneck_conf = partial(MBConvConfig, width_mult=kwargs.pop("width_mult"), depth_mult=kwargs.pop("depth_mult"))
        inverted_residual_setting = [
            # expand_ratio, kernel, stride, input_channels, out_channels, num_layers
            bneck_conf(1, 3, 1, 32, 16, 1),
            bneck_conf(6, 3, 2, 16, 24, 2),
            bneck_conf(6, 5, 2, 24, 40, 2),
            bneck_conf(6, 3, 2, 40, 80, 3),
            bneck_conf(6, 5, 1, 80, 112, 3),
            bneck_conf(6, 5, 2, 112, 192, 4),
            bneck_conf(6, 3, 1, 192, 320, 1),
        ]
        last_channel = None
    elif arch.startswith("efficientnet_v2_s"):
        inverted_residual_setting = [
            FusedMBConvConfig(1, 3, 1, 24, 24, 2),
            FusedMBConvConfig(4, 3, 2, 24, 48, 4),
            FusedMBConvConfig(4, 3, 2, 48, 64, 4),
            MBConvConfig(4, 3, 2, 64, 128, 6),
            MBConvConfig(6, 3, 1, 128, 160, 9),
            MBConvConfig(6, 3, 2, 160, 256, 15),
        ]
        last_channel = 1280
    elif arch.startswith("efficientnet_v2_m"):
        inverted_residual_setting = [
            FusedMBConvConfig(1, 3, 1, 24, 24, 3),
            FusedMBConvConfig(4, 3, 2, 24, 48, 5),
            FusedMBConvConfig(4, 3, 2, 48, 80, 5),
            MBConvConfig(4, 3, 2, 80, 160, 7),
            MBConvConfig(6, 3, 1, 160, 176, 14),
            MBConvConfig(6, 3, 2, 176, 304, 18),
            MBConvConfig(6, 3, 1, 304, 512, 5),
        ]
        last_channel = 1280
    elif arch.startswith("efficientnet_v2_l"):
        inverted_residual_setting = [
            FusedMBConvConfig(1, 3, 1, 32, 32, 4),
            FusedMBConvConfig(4, 3, 2, 32, 64, 7),
            FusedMBConvConfig(4, 3, 2, 64, 96, 7),
            MBConvConfig(4, 3, 2, 96, 192, 10),
            MBConvConfig(6, 3, 1, 192, 224, 19),
            MBConvConfig(6, 3, 2, 224, 384, 25),
            MBConvConfig(6, 3, 1, 384, 640, 7),
        ]
        last_channel = 1280
    else:
        raise ValueError(f"Unsupported model type {arch}")
    return inverted_residual_setting, last_channel


_URL = "https://download.pytorch.org/models/"
_RECIPE_V1 = "https://github.com/pytorch/vision/tree/main/references/classification#efficientnet-v1"
_RECIPE_V2 = "https://github.com/pytorch/vision/tree/main/references/classification#efficientnet-v2"


def _w1(file, num_params, recipe=_RECIPE_V1):
    return Weights(url=_URL + file, transforms=None, meta={"min_size": (1, 1), "categories": _IMAGENET_CATEGORIES, "num_params": num_params,
                                                           "recipe": recipe})


def _w2(file, num_params):
    return Weights(url=_URL + file, transforms=None, meta={"min_size": (33, 33), "categories": _IMAGENET_CATEGORIES, "num_params": num_params,
                                                           "recipe": _RECIPE_V2})


# B5-B7 (ported from lukemelas/EfficientNet-PyTorch) and V2 train with TensorFlow's BatchNorm eps.
_BN_PORTED = partial(nn.BatchNorm2d, eps=0.001, momentum=0.01)
_BN_V2 = partial(nn.BatchNorm2d, eps=1e-03)


class EfficientNet_B0_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b0_rwightman-7f5810bc.pth", 5288548)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B1_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b1_rwightman-bac287d4.pth", 7794184)
    IMAGENET1K_V2 = _w1("efficientnet_b1-c27df63c.pth", 7794184,
                        "https://github.com/pytorch/vision/issues/3995#new-recipe-with-lr-wd-crop-tuning")
    DEFAULT = IMAGENET1K_V2


class EfficientNet_B2_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b2_rwightman-c35c1473.pth", 9109994)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B3_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b3_rwightman-b3899882.pth", 12233232)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B4_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b4_rwightman-23ab8bcd.pth", 19341616)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B5_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b5_lukemelas-1a07897c.pth", 30389784)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B6_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b6_lukemelas-24a108a5.pth", 43040704)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_B7_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w1("efficientnet_b7_lukemelas-c5b4e57e.pth", 66347960)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_V2_S_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w2("efficientnet_v2_s-dd5fe13b.pth", 21458488)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_V2_M_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w2("efficientnet_v2_m-dc08266a.pth", 54139356)
    DEFAULT = IMAGENET1K_V1


class EfficientNet_V2_L_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w2("efficientnet_v2_l-59c71312.pth", 118515272)
    DEFAULT = IMAGENET1K_V1


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B0_Weights.IMAGENET1K_V1))
def efficientnet_b0(*, weights: Optional[EfficientNet_B0_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B0 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B0_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b0", width_mult=1.0, depth_mult=1.0)
    return _efficientnet(inverted_residual_setting, 0.2, last_channel, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B1_Weights.IMAGENET1K_V1))
def efficientnet_b1(*, weights: Optional[EfficientNet_B1_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B1 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B1_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b1", width_mult=1.0, depth_mult=1.1)
    return _efficientnet(inverted_residual_setting, 0.2, last_channel, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B2_Weights.IMAGENET1K_V1))
def efficientnet_b2(*, weights: Optional[EfficientNet_B2_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B2 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B2_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b2", width_mult=1.1, depth_mult=1.2)
    return _efficientnet(inverted_residual_setting, 0.3, last_channel, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B3_Weights.IMAGENET1K_V1))
def efficientnet_b3(*, weights: Optional[EfficientNet_B3_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B3 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B3_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b3", width_mult=1.2, depth_mult=1.4)
    return _efficientnet(inverted_residual_setting, 0.3, last_channel, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B4_Weights.IMAGENET1K_V1))
def efficientnet_b4(*, weights: Optional[EfficientNet_B4_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B4 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B4_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b4", width_mult=1.4, depth_mult=1.8)
    return _efficientnet(inverted_residual_setting, 0.4, last_channel, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B5_Weights.IMAGENET1K_V1))
def efficientnet_b5(*, weights: Optional[EfficientNet_B5_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B5 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B5_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b5", width_mult=1.6, depth_mult=2.2)
    return _efficientnet(inverted_residual_setting, 0.4, last_channel, weights, progress, norm_layer=_BN_PORTED,
                         **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B6_Weights.IMAGENET1K_V1))
def efficientnet_b6(*, weights: Optional[EfficientNet_B6_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B6 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B6_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b6", width_mult=1.8, depth_mult=2.6)
    return _efficientnet(inverted_residual_setting, 0.5, last_channel, weights, progress, norm_layer=_BN_PORTED,
                         **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_B7_Weights.IMAGENET1K_V1))
def efficientnet_b7(*, weights: Optional[EfficientNet_B7_Weights] = None, progress: bool = True,
                    **kwargs: Any) -> EfficientNet:
    """EfficientNet B7 from `EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks
    <https://arxiv.org/abs/1905.11946>`__."""
    weights = EfficientNet_B7_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_b7", width_mult=2.0, depth_mult=3.1)
    return _efficientnet(inverted_residual_setting, 0.5, last_channel, weights, progress, norm_layer=_BN_PORTED,
                         **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_V2_S_Weights.IMAGENET1K_V1))
def efficientnet_v2_s(*, weights: Optional[EfficientNet_V2_S_Weights] = None, progress: bool = True,
                      **kwargs: Any) -> EfficientNet:
    """EfficientNetV2-S from `EfficientNetV2: Smaller Models and Faster Training
    <https://arxiv.org/abs/2104.00298>`__."""
    weights = EfficientNet_V2_S_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_v2_s")
    return _efficientnet(inverted_residual_setting, 0.2, last_channel, weights, progress, norm_layer=_BN_V2, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_V2_M_Weights.IMAGENET1K_V1))
def efficientnet_v2_m(*, weights: Optional[EfficientNet_V2_M_Weights] = None, progress: bool = True,
                      **kwargs: Any) -> EfficientNet:
    """EfficientNetV2-M from `EfficientNetV2: Smaller Models and Faster Training
    <https://arxiv.org/abs/2104.00298>`__."""
    weights = EfficientNet_V2_M_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_v2_m")
    return _efficientnet(inverted_residual_setting, 0.3, last_channel, weights, progress, norm_layer=_BN_V2, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", EfficientNet_V2_L_Weights.IMAGENET1K_V1))
def efficientnet_v2_l(*, weights: Optional[EfficientNet_V2_L_Weights] = None, progress: bool = True,
                      **kwargs: Any) -> EfficientNet:
    """EfficientNetV2-L from `EfficientNetV2: Smaller Models and Faster Training
    <https://arxiv.org/abs/2104.00298>`__."""
    weights = EfficientNet_V2_L_Weights.verify(weights)
    inverted_residual_setting, last_channel = _efficientnet_conf("efficientnet_v2_l")
    return _efficientnet(inverted_residual_setting, 0.4, last_channel, weights, progress, norm_layer=_BN_V2, **kwargs)
