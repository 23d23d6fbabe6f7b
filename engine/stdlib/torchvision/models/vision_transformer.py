# torchvision.models.vision_transformer: ViT-B/16, B/32, L/16, L/32 and H/14 ("An Image is Worth 16x16
# Words") as torchvision 0.26 builds them: a patchify Conv2d (or a ConvStemConfig stem), a class
# token, Encoder (pos_embedding drawn normal(std 0.02), encoder_layer_N EncoderBlocks of LayerNorm,
# nn.MultiheadAttention with batch_first, and MLPBlock = ops.MLP with GELU, then a final LayerNorm),
# and `heads` (head, or pre_logits + Tanh + head with representation_size). Init as torchvision:
# trunc_normal_(sqrt(1/fan_in)) stem, xavier_uniform_ MLP weights with normal(1e-6) biases, zero
# head. image_size defaults to 224 and must be divisible by the patch size; inputs must be that
# size. MLPBlock loads checkpoints of its version 1 layout (linear_1/linear_2). Pretrained weights
# raise (Kiln is offline). Left out: interpolate_embeddings.
import math
from collections import OrderedDict
from functools import partial
from typing import NamedTuple

from typing import Any, Callable, List, Optional

import torch
import torch.nn as nn

from torchvision.ops.misc import Conv2dNormActivation, MLP
from torchvision.models._api import Weights, WeightsEnum, register_model
from torchvision.models._meta import _IMAGENET_CATEGORIES
from torchvision.models._utils import _ovewrite_named_param, handle_legacy_interface

__all__ = ["VisionTransformer", "ViT_B_16_Weights", "ViT_B_32_Weights", "ViT_L_16_Weights", "ViT_L_32_Weights",
           "ViT_H_14_Weights", "vit_b_16", "vit_b_32", "vit_l_16", "vit_l_32", "vit_h_14"]


class ConvStemConfig(NamedTuple):
    out_channels: int
    kernel_size: int
    stride: int
    norm_layer: object = nn.BatchNorm2d
    activation_layer: object = nn.ReLU


class MLPBlock(MLP):
    # Format version 2: the ops.MLP layout (children 0..4); version 1 named the linears linear_1 / linear_2.
    _version = 2

    def __init__(self, in_dim: int, mlp_dim: int, dropout: float):
        super().__init__(in_dim, [mlp_dim, in_dim], activation_layer=nn.GELU, inplace=None, dropout=dropout)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.xavier_uniform_(m.weight)
                if m.bias is not None:
                    nn.init.normal_(m.bias, std=1e-6)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        version = local_metadata.get("version", None)
        if version is None or version < 2:
            # pytorch/vision#6053 replaced the legacy MLPBlock by MLP: rename linear_{1,2} to 0 / 3
            for i in range(2):
                for type in ["weight", "bias"]:
                    old_key = f"{prefix}linear_{i + 1}.{type}"
                    new_key = f"{prefix}{3 * i}.{type}"
                    if old_key in state_dict:
                        state_dict[new_key] = state_dict.pop(old_key)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)


class EncoderBlock(nn.Module):
    def __init__(self, num_heads: int, hidden_dim: int, mlp_dim: int, dropout: float, attention_dropout: float,
                 norm_layer: Callable[..., torch.nn.Module] = partial(nn.LayerNorm, eps=1e-6)):
        super().__init__()
        self.num_heads = num_heads
        # attention block
        self.ln_1 = norm_layer(hidden_dim)
        self.self_attention = nn.MultiheadAttention(hidden_dim, num_heads, dropout=attention_dropout, batch_first=True)
        self.dropout = nn.Dropout(dropout)
        # MLP block
        self.ln_2 = norm_layer(hidden_dim)
        self.mlp = MLPBlock(hidden_dim, mlp_dim, dropout)

    def forward(self, input: torch.Tensor):
        torch._assert(input.dim() == 3, f"Expected (batch_size, seq_length, hidden_dim) got {input.shape}")
        x = self.ln_1(input)
        x, _ = self.self_attention(x, x, x, need_weights=False)
        x = self.dropout(x)
        x = x + input
        y = self.ln_2(x)
        y = self.mlp(y)
        return x + y


class Encoder(nn.Module):
    def __init__(self, seq_length: int, num_layers: int, num_heads: int, hidden_dim: int, mlp_dim: int, dropout: float,
                 attention_dropout: float, norm_layer: Callable[..., torch.nn.Module] = partial(nn.LayerNorm, eps=1e-6)):
        super().__init__()
        # learned position embedding, BERT's init
        self.pos_embedding = nn.Parameter(torch.empty(1, seq_length, hidden_dim).normal_(std=0.02))
        self.dropout = nn.Dropout(dropout)
        layers = OrderedDict()
        for i in range(num_layers):
            layers[f"encoder_layer_{i}"] = EncoderBlock(num_heads, hidden_dim, mlp_dim, dropout, attention_dropout,
                                                        norm_layer)
        self.layers = nn.Sequential(layers)
        self.ln = norm_layer(hidden_dim)

    def forward(self, input: torch.Tensor):
        torch._assert(input.dim() == 3, f"Expected (batch_size, seq_length, hidden_dim) got {input.shape}")
        input = input + self.pos_embedding
        return self.ln(self.layers(self.dropout(input)))


class VisionTransformer(nn.Module):
    def __init__(self, image_size: int, patch_size: int, num_layers: int, num_heads: int, hidden_dim: int, mlp_dim: int,
                 dropout: float = 0.0, attention_dropout: float = 0.0, num_classes: int = 1000,
                 representation_size: Optional[int] = None,
                 norm_layer: Callable[..., torch.nn.Module] = partial(nn.LayerNorm, eps=1e-6),
                 conv_stem_configs: Optional[list[ConvStemConfig]] = None):
        super().__init__()
        torch._assert(image_size % patch_size == 0, "Input shape indivisible by patch size!")
        self.image_size = image_size
        self.patch_size = patch_size
        self.hidden_dim = hidden_dim
        self.mlp_dim = mlp_dim
        self.attention_dropout = attention_dropout
        self.dropout = dropout
        self.num_classes = num_classes
        self.representation_size = representation_size
        self.norm_layer = norm_layer
        if conv_stem_configs is not None:
            # the convolutional stem of https://arxiv.org/abs/2106.14881
            seq_proj = nn.Sequential()
            prev_channels = 3
            for i, conv_stem_layer_config in enumerate(conv_stem_configs):
                seq_proj.add_module(f"conv_bn_relu_{i}", Conv2dNormActivation(
                    in_channels=prev_channels, out_channels=conv_stem_layer_config.out_channels,
                    kernel_size=conv_stem_layer_config.kernel_size, stride=conv_stem_layer_config.stride,
                    norm_layer=conv_stem_layer_config.norm_layer,
                    activation_layer=conv_stem_layer_config.activation_layer))
                prev_channels = conv_stem_layer_config.out_channels
            seq_proj.add_module("conv_last", nn.Conv2d(in_channels=prev_channels, out_channels=hidden_dim,
                                                       kernel_size=1))
            self.conv_proj = seq_proj
        else:
            self.conv_proj = nn.Conv2d(in_channels=3, out_channels=hidden_dim, kernel_size=patch_size,
                                       stride=patch_size)
        seq_length = (image_size // patch_size) ** 2
        # the class token
        self.class_token = nn.Parameter(torch.zeros(1, 1, hidden_dim))
        seq_length += 1
        self.encoder = Encoder(seq_length, num_layers, num_heads, hidden_dim, mlp_dim, dropout, attention_dropout,
                               norm_layer)
        self.seq_length = seq_length
        heads_layers = OrderedDict()
        if representation_size is None:
            heads_layers["head"] = nn.Linear(hidden_dim, num_classes)
        else:
            heads_layers["pre_logits"] = nn.Linear(hidden_dim, representation_size)
            heads_layers["act"] = nn.Tanh()
            heads_layers["head"] = nn.Linear(representation_size, num_classes)
        self.heads = nn.Sequential(heads_layers)
        if isinstance(self.conv_proj, nn.Conv2d):
            fan_in = self.conv_proj.in_channels * self.conv_proj.kernel_size[0] * self.conv_proj.kernel_size[1]
            nn.init.trunc_normal_(self.conv_proj.weight, std=math.sqrt(1 / fan_in))
            if self.conv_proj.bias is not None:
                nn.init.zeros_(self.conv_proj.bias)
        elif self.conv_proj.conv_last is not None and isinstance(self.conv_proj.conv_last, nn.Conv2d):
            nn.init.normal_(self.conv_proj.conv_last.weight, mean=0.0,
                            std=math.sqrt(2.0 / self.conv_proj.conv_last.out_channels))
            if self.conv_proj.conv_last.bias is not None:
                nn.init.zeros_(self.conv_proj.conv_last.bias)
        if hasattr(self.heads, "pre_logits") and isinstance(self.heads.pre_logits, nn.Linear):
            fan_in = self.heads.pre_logits.in_features
            nn.init.trunc_normal_(self.heads.pre_logits.weight, std=math.sqrt(1 / fan_in))
            nn.init.zeros_(self.heads.pre_logits.bias)
        if isinstance(self.heads.head, nn.Linear):
            nn.init.zeros_(self.heads.head.weight)
            nn.init.zeros_(self.heads.head.bias)

    def _process_input(self, x: torch.Tensor) -> torch.Tensor:
        n, c, h, w = x.shape
        p = self.patch_size
        torch._assert(h == self.image_size, f"Wrong image height! Expected {self.image_size} but got {h}!")
        torch._assert(w == self.image_size, f"Wrong image width! Expected {self.image_size} but got {w}!")
        n_h = h // p
        n_w = w // p
        # (n, c, h, w) -> (n, hidden_dim, n_h, n_w) -> (n, hidden_dim, n_h * n_w) -> (n, n_h * n_w, hidden_dim)
        x = self.conv_proj(x)
        x = x.reshape(n, self.hidden_dim, n_h * n_w)
        return x.permute(0, 2, 1)

    def forward(self, x: torch.Tensor):
        x = self._process_input(x)
        n = x.shape[0]
        batch_class_token = self.class_token.expand(n, -1, -1)
        x = torch.cat([batch_class_token, x], dim=1)
        x = self.encoder(x)
        # the class token's output classifies
        x = x[:, 0]
        return self.heads(x)


def _vision_transformer(patch_size: int, num_layers: int, num_heads: int, hidden_dim: int, mlp_dim: int,
                        weights: Optional[WeightsEnum], progress: bool, **kwargs: Any) -> VisionTransformer:
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", 1000)
        assert weights.meta["min_size"][0] == weights.meta["min_size"][1]
        _ovewrite_named_param(kwargs, "image_size", weights.meta["min_size"][0])
        weights.get_state_dict(progress=progress)  # raises: Kiln is offline
    image_size = kwargs.pop("image_size", 224)
    return VisionTransformer(image_size=image_size, patch_size=patch_size, num_layers=num_layers,
                             num_heads=num_heads, hidden_dim=hidden_dim, mlp_dim=mlp_dim, **kwargs)


_URL = "https://download.pytorch.org/models/"
_REF = "https://github.com/pytorch/vision/tree/main/references/classification#"
_SWAG = "https://github.com/facebookresearch/SWAG"
_SWAG_LINEAR = "https://github.com/pytorch/vision/pull/5793"


def _w(file, num_params, min_size, recipe):
    return Weights(url=_URL + file, transforms=None,
                   meta={"min_size": (min_size, min_size), "categories": _IMAGENET_CATEGORIES, "num_params": num_params, "recipe": recipe})


class ViT_B_16_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("vit_b_16-c867db91.pth", 86567656, 224, _REF + "vit_b_16")
    IMAGENET1K_SWAG_E2E_V1 = _w("vit_b_16_swag-9ac1b537.pth", 86859496, 384, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("vit_b_16_lc_swag-4e70ced5.pth", 86567656, 224, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_V1


class ViT_B_32_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("vit_b_32-d86f8d99.pth", 88224232, 224, _REF + "vit_b_32")
    DEFAULT = IMAGENET1K_V1


class ViT_L_16_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("vit_l_16-852ce7e3.pth", 304326632, 224, _REF + "vit_l_16")
    IMAGENET1K_SWAG_E2E_V1 = _w("vit_l_16_swag-4f3808c9.pth", 305174504, 512, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("vit_l_16_lc_swag-4d563306.pth", 304326632, 224, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_V1


class ViT_L_32_Weights(WeightsEnum):
    IMAGENET1K_V1 = _w("vit_l_32-c7638314.pth", 306535400, 224, _REF + "vit_l_32")
    DEFAULT = IMAGENET1K_V1


class ViT_H_14_Weights(WeightsEnum):
    IMAGENET1K_SWAG_E2E_V1 = _w("vit_h_14_swag-80465313.pth", 633470440, 518, _SWAG)
    IMAGENET1K_SWAG_LINEAR_V1 = _w("vit_h_14_lc_swag-c1eb923e.pth", 632045800, 224, _SWAG_LINEAR)
    DEFAULT = IMAGENET1K_SWAG_E2E_V1



@register_model()
@handle_legacy_interface(weights=("pretrained", ViT_B_16_Weights.IMAGENET1K_V1))
def vit_b_16(*, weights: Optional[ViT_B_16_Weights] = None, progress: bool = True, **kwargs: Any) -> VisionTransformer:
    """ViT-B/16 from `An Image is Worth 16x16 Words <https://arxiv.org/abs/2010.11929>`__."""
    weights = ViT_B_16_Weights.verify(weights)
    return _vision_transformer(16, 12, 12, 768, 3072, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ViT_B_32_Weights.IMAGENET1K_V1))
def vit_b_32(*, weights: Optional[ViT_B_32_Weights] = None, progress: bool = True, **kwargs: Any) -> VisionTransformer:
    """ViT-B/32 from `An Image is Worth 16x16 Words <https://arxiv.org/abs/2010.11929>`__."""
    weights = ViT_B_32_Weights.verify(weights)
    return _vision_transformer(32, 12, 12, 768, 3072, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ViT_L_16_Weights.IMAGENET1K_V1))
def vit_l_16(*, weights: Optional[ViT_L_16_Weights] = None, progress: bool = True, **kwargs: Any) -> VisionTransformer:
    """ViT-L/16 from `An Image is Worth 16x16 Words <https://arxiv.org/abs/2010.11929>`__."""
    weights = ViT_L_16_Weights.verify(weights)
    return _vision_transformer(16, 24, 16, 1024, 4096, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", ViT_L_32_Weights.IMAGENET1K_V1))
def vit_l_32(*, weights: Optional[ViT_L_32_Weights] = None, progress: bool = True, **kwargs: Any) -> VisionTransformer:
    """ViT-L/32 from `An Image is Worth 16x16 Words <https://arxiv.org/abs/2010.11929>`__."""
    weights = ViT_L_32_Weights.verify(weights)
    return _vision_transformer(32, 24, 16, 1024, 4096, weights, progress, **kwargs)


@register_model()
@handle_legacy_interface(weights=("pretrained", None))
def vit_h_14(*, weights: Optional[ViT_H_14_Weights] = None, progress: bool = True, **kwargs: Any) -> VisionTransformer:
    """ViT-H/14 from `An Image is Worth 16x16 Words <https://arxiv.org/abs/2010.11929>`__."""
    weights = ViT_H_14_Weights.verify(weights)
    return _vision_transformer(14, 32, 16, 1280, 5120, weights, progress, **kwargs)
