# torchvision.models._utils: the helpers torchvision's builders share: _make_divisible (channel
# rounding), _ovewrite_named_param, and handle_legacy_interface, which turns the deprecated
# pretrained=True/False keyword into weights= with torchvision's two UserWarnings, and
# IntermediateLayerGetter (a backbone's children up to the last layer asked for, returning those
# layers' outputs by new name: DETR's and the segmentation models' backbones). Left out: the
# quantization helpers.
import functools
import warnings
from collections import OrderedDict

from torch import nn


def _make_divisible(v, divisor, min_value=None):
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    # Make sure that round down does not go down by more than 10%.
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def _ovewrite_named_param(kwargs, param, new_value):
    if param in kwargs:
        if kwargs[param] != new_value:
            raise ValueError(f"The parameter '{param}' expected value {new_value} but got {kwargs[param]} instead.")
    else:
        kwargs[param] = new_value


def handle_legacy_interface(weights_enum, default_name):
    # builder(pretrained=...) -> builder(weights=...), as torchvision >= 0.13 does: pretrained=True means
    # the enum's `default_name` member (None for a builder that has no legacy weights, regnet_y_128gf),
    # pretrained=False means None; both warn.
    def outer(builder):
        @functools.wraps(builder)
        def inner(*args, **kwargs):
            from torchvision.models._api import WeightsEnum

            if args:
                # torchvision's kwonly_to_pos_or_kw: positional (weights, progress) still work, with a warning.
                names = ["weights", "progress"][: len(args)]
                if len(args) > 2:
                    raise TypeError(f"{builder.__name__}() takes 0 positional arguments but {len(args)} were given")
                warnings.warn(
                    f"Using {', '.join(repr(n) for n in names)} as positional parameter(s) is deprecated since 0.13 "
                    "and may be removed in the future. Please use keyword parameter(s) instead."
                )
                for n, a in zip(names, args):
                    kwargs[n] = a
            sentinel = object()
            weights_arg = kwargs.get("weights", sentinel)
            if ("weights" not in kwargs and "pretrained" not in kwargs) or isinstance(weights_arg, WeightsEnum) \
                    or (isinstance(weights_arg, str) and weights_arg != "legacy") or weights_arg is None:
                return builder(**kwargs)
            pretrained_positional = weights_arg is not sentinel
            if pretrained_positional:
                pretrained_arg = kwargs.pop("weights")
                kwargs.pop("pretrained", None)
            else:
                pretrained_arg = kwargs.pop("pretrained")
            default = weights_enum[default_name] if pretrained_arg and default_name is not None else None
            if not pretrained_positional:
                warnings.warn(
                    "The parameter 'pretrained' is deprecated since 0.13 and may be removed in the future, "
                    "please use 'weights' instead."
                )
            msg = (
                "Arguments other than a weight enum or `None` for 'weights' are deprecated since 0.13 and "
                "may be removed in the future. "
                f"The current behavior is equivalent to passing `weights={default}`."
            )
            if pretrained_arg:
                msg = f"{msg} You can also use `weights={type(default).__name__}.DEFAULT` to get the most up-to-date weights."
            warnings.warn(msg)
            kwargs["weights"] = default
            return builder(**kwargs)

        inner._weights_enum = weights_enum
        return inner

    return outer



class IntermediateLayerGetter(nn.ModuleDict):
    _version = 2

    def __init__(self, model, return_layers):
        if not set(return_layers).issubset([name for name, _ in model.named_children()]):
            raise ValueError("return_layers are not present in model")
        orig_return_layers = return_layers
        return_layers = {str(k): str(v) for k, v in return_layers.items()}
        layers = OrderedDict()
        for name, module in model.named_children():
            layers[name] = module
            if name in return_layers:
                del return_layers[name]
            if not return_layers:
                break
        super().__init__(layers)
        self.return_layers = orig_return_layers

    def forward(self, x):
        out = OrderedDict()
        for name, module in self.items():
            x = module(x)
            if name in self.return_layers:
                out_name = self.return_layers[name]
                out[out_name] = x
        return out
