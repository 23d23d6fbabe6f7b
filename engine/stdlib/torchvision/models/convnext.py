# torchvision.models.convnext: ConvNeXt Tiny / Small / Base / Large ("A ConvNet for the 2020s") as
# torchvision 0.26 builds it: a 4x4 stride-4 patchify stem with LayerNorm2d, stages of CNBlocks
# (depthwise 7x7, Permute to channels-last, LayerNorm, Linear 4x, GELU, Linear, Permute back, times a
# learned layer_scale, StochasticDepth growing linearly to stochastic_depth_prob) separated by
# LayerNorm2d + 2x2 stride-2 downsampling, and a LayerNorm-Flatten-Linear classifier; init:
# trunc_normal_(std 0.02) for every Conv2d/Linear weight in modules() order, zero biases.
# Pretrained weights raise (Kiln is offline).
from functools import partial

from typing import Any, Callable, List, Optional

import torch
from torch import nn, Tensor
from torch.nn import functional as F

from torchvision.ops.misc import Conv2dNormActivation, Permute
from torchvision.ops.stochastic_depth import StochasticDepth
from torchvision.models._api import Weights, WeightsEnum, register_model
from torchvision.models._meta import _IMAGENET_CATEGORIES
from torchvision.models._utils import _ovewrite_named_param, handle_legacy_interface

__all__ = ["ConvNeXt", "ConvNeXt_Tiny_Weights", "ConvNeXt_Small_Weights", "ConvNeXt_Base_Weights",
           "ConvNeXt_Large_Weights", "convnext_tiny", "convnext_small", "convnext_base", "convnext_large"]


class LayerNorm2d(nn.LayerNorm):
    # LayerNorm over the channels of an NCHW tensor.
    def forward(self, x: Tensor) -> Tensor:
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class CNBlock(nn.Module):
    def __init__(self, dim, layer_scale: float, stochastic_depth_prob: float,
                 norm_layer: Optional[Callable[..., nn.Module]] = None) -> None:
        super().__init__()
        if norm_layer is None:
            norm_layer = partial(nn.LayerNorm, eps=1e-6)
        self.block = nn.Sequential(
            nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim, bias=True),
            Permute([0, 2, 3, 1]),
            norm_layer(dim),
            nn.Linear(in_features=dim, out_features=4 * dim, bias=True),
            nn.GELU(),
            nn.Linear(in_features=4 * dim, out_features=dim, bias=True),
            Permute([0, 3, 1, 2]),
        )
        self.layer_scale = nn.Parameter(torch.ones(dim, 1, 1) * layer_scale)
        self.stochastic_depth = StochasticDepth(stochastic_depth_prob, "row")

    def forward(self, input: Tensor) -> Tensor:
        result = self.layer_scale * self.block(input)
        result = self.stochastic_depth(result)
        result += input
        return result


class CNBlockConfig:
    # One stage of Section 3 of the ConvNeXt paper; out_channels None: the last stage (no downsampling).
    def __init__(self, input_channels: int, out_channels: Optional[int], num_layers: int) -> None:
        self.input_channels = input_channels
        self.out_channels = out_channels
        self.num_layers = num_layers

    def __repr__(self) -> str:
        return (f"{self.__class__.__name__}(input_channels={self.input_channels}, "
                f"out_channels={self.out_channels}, num_layers={self.num_layers})")


class ConvNeXt(nn.Module):
    def __init__(self, block_setting: list[CNBlockConfig], stochastic_depth_prob: float = 0.0,
                 layer_scale: float = 1e-6, num_classes: int = 1000, block: Optional[Callable[..., nn.Module]] = None,
                 norm_layer: Optional[Callable[..., nn.Module]] = None, **kwargs: Any) -> None:
        super().__init__()
        if not block_setting:
            raise ValueError("The block_setting should not be empty")
        elif not (isinstance(block_setting, (list, tuple))
                  and all([isinstance(s, CNBlockConfig) for s in block_setting])):
            raise TypeError("The block_setting should be list[CNBlockConfig]")
        if block is None:
            block = CNBlock
        if norm_layer is None:
            norm_layer = partial(LayerNorm2d, eps=1e-6)
        firstconv_output_channels = block_setting[0].input_channels
        layers = [Conv2dNormActivation(3, firstconv_output_channels, kernel_size=4, stride=4, padding=0,
                                       norm_layer=norm_layer, activation_layer=None, bias=True)]
        total_stage_blocks = sum(cnf.num_layers for cnf in block_setting)
        stage_block_id = 0
        for cnf in block_setting:
            stage = []
            for _ in range(cnf.num_layers):
                sd_prob = stochastic_depth_prob * stage_block_id / (total_stage_blocks - 1.0)
                stage.append(block(cnf.input_channels, layer_scale, sd_prob))
                stage_block_id += 1
            layers.append(nn.Sequential(*stage))
            if cnf.out_channels is not None:
                # downsampling between stages
                layers.append(nn.Sequential(
                    norm_layer(cnf.input_channels),
                    nn.Conv2d(cnf.input_channels, cnf.out_channels, kernel_size=2, stride=2),
                ))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        lastblock = block_setting[-1]
        lastconv_output_channels = (lastblock.out_channels if lastblock.out_channels is not None
                                    else lastblock.input_channels)
        self.classifier = nn.Sequential(norm_layer(lastconv_output_channels), nn.Flatten(1),
                                        nn.Linear(lastconv_output_channels, num_classes))
        for m in self.modules():
            if isinstance(m, (nn.Conv2d, nn.Linear)):
                nn.init.trunc_normal_(m.weight, std=0.02)
                if m.bias is not None:
                    nn.init.zeros_(m.bias)

    def _forward_impl(self, x: Tensor) -> Tensor:
        x = self.features(x)
        x = self.avgpool(x)
        return self.classifier(x)

    def forward(self, x: Tensor) -> Tensor:
        return self._forward_impl(x)


def _convnext(block_setting: list[CNBlockConfig], stochastic_depth_prob: float, weights: Optional[WeightsEnum],
              progress: bool, **kwargs: Any) -> ConvNeXt:
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", 1000)
        weights.get_state_dict(progress=progress)  # raises: Kiln is offline
    return ConvNeXt(block_setting, stochastic_depth_prob=stochastic_depth_prob, **kwargs)


def _w(file, num_params):
    return Weights(url="https://download.pytorch.org/models/" + file, transforms=None,
                   meta={"min_size": (32, 32), "categories": _IMAGENET_CATEGORIES, "num_params": num_params,
                         "recipe": "https://github.com/pytorch/vision/tree/main/references/classification#convnext"})


class ConvNeXt_Tiny_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("convnext_tiny-983f1562.pth", 28589128)
    DEFAULT = IMAGENET1K_V1


class ConvNeXt_Small_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("convnext_small-0c510722.pth", 50223688)
    DEFAULT = IMAGENET1K_V1


class ConvNeXt_Base_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("convnext_base-6075fbad.pth", 88591464)
    DEFAULT = IMAGENET1K_V1


class ConvNeXt_Large_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("convnext_large-ea097f82.pth", 197767336)
    DEFAULT = IMAGENET1K_V1


@register_model()
@handle_legacy_interface(weights=("pretrained", ConvNeXt_Tiny_Weights.IMAGENET1K_V1))
def convnext_tiny(*, weights: Optional[ConvNeXt_Tiny_Weights] = None, progress: bool = True, **kwargs: Any) -> ConvNeXt:
    """ConvNeXt Tiny from `A ConvNet for the 2020s <https://arxiv.org/abs/2201.03545>`__."""
    weights = ConvNeXt_Tiny_Weights.verify(weights)
    block_setting = [CNBlockConfig(96, 192, 3), CNBlockConfig(192, 384, 3), CNBlockConfig(384, 768, 9),
                     CNBlockConfig(768, None, 3)]
    stochastic_depth_prob = kwargs.pop("stochastic_depth_prob", 0.1)
    return _convnext(block_setting, stochastic_depth_prob, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ConvNeXt_Small_Weights.IMAGENET1K_V1))
def convnext_small(*, weights: Optional[ConvNeXt_Small_Weights] = None, progress: bool = True,
                   **kwargs: Any) -> ConvNeXt:
    """ConvNeXt Small from `A ConvNet for the 2020s <https://arxiv.org/abs/2201.03545>`__."""
    weights = ConvNeXt_Small_Weights.verify(weights)
    block_setting = [CNBlockConfig(96, 192, 3), CNBlockConfig(192, 384, 3), CNBlockConfig(384, 768, 27),
                     CNBlockConfig(768, None, 3)]
    stochastic_depth_prob = kwargs.pop("stochastic_depth_prob", 0.4)
    return _convnext(block_setting, stochastic_depth_prob, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ConvNeXt_Base_Weights.IMAGENET1K_V1))
def convnext_base(*, weights: Optional[ConvNeXt_Base_Weights] = None, progress: bool = True, **kwargs: Any) -> ConvNeXt:
    """ConvNeXt Base from `A ConvNet for the 2020s <https://arxiv.org/abs/2201.03545>`__."""
    weights = ConvNeXt_Base_Weights.verify(weights)
    block_setting = [CNBlockConfig(128, 256, 3), CNBlockConfig(256, 512, 3), CNBlockConfig(512, 1024, 27),
                     CNBlockConfig(1024, None, 3)]
    stochastic_depth_prob = kwargs.pop("stochastic_depth_prob", 0.5)
    return _convnext(block_setting, stochastic_depth_prob, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ConvNeXt_Large_Weights.IMAGENET1K_V1))
def convnext_large(*, weights: Optional[ConvNeXt_Large_Weights] = None, progress: bool = True,
                   **kwargs: Any) -> ConvNeXt:
    """ConvNeXt Large from `A ConvNet for the 2020s <https://arxiv.org/abs/2201.03545>`__."""
    weights = ConvNeXt_Large_Weights.verify(weights)
    block_setting = [CNBlockConfig(192, 384, 3), CNBlockConfig(384, 768, 3), CNBlockConfig(768, 1536, 27),
                     CNBlockConfig(1536, None, 3)]
    stochastic_depth_prob = kwargs.pop("stochastic_depth_prob", 0.5)
    return _convnext(block_setting, stochastic_depth_prob, weights, progress, **kwargs)
