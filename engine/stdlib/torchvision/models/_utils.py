# torchvision.models._utils: the helpers torchvision's builders share: _make_divisible (channel
# rounding), _ovewrite_named_param, and handle_legacy_interface, which turns the deprecated
# pretrained=True/False keyword into weights= with torchvision's two UserWarnings (its
# handle_legacy_interface(weights=("pretrained", default)) signature, so vendored model files work), and
# IntermediateLayerGetter (a backbone's children up to the last layer asked for, returning those
# layers' outputs by new name: DETR's and the segmentation models' backbones). Left out: the
# quantization helpers.
import functools
import warnings
from collections import OrderedDict
from typing import Any, Callable, Dict, Optional, Sequence, Tuple, TypeVar, Union

from torch import nn

from torchvision.models._api import WeightsEnum

D = TypeVar("D")
W = TypeVar("W", bound=WeightsEnum)
M = TypeVar("M", bound=nn.Module)
V = TypeVar("V")


def _make_divisible(v: float, divisor: int, min_value: Optional[int] = None) -> int:
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    # Make sure that round down does not go down by more than 10%.
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def _ovewrite_named_param(kwargs: dict[str, Any], param: str, new_value: V) -> None:
    if param in kwargs:
        if kwargs[param] != new_value:
            raise ValueError(f"The parameter '{param}' expected value {new_value} but got {kwargs[param]} instead.")
    else:
        kwargs[param] = new_value


def _sequence_to_str(seq: Sequence, separate_last: str = "") -> str:
    if not seq:
        return ""
    if len(seq) == 1:
        return f"'{seq[0]}'"
    head = "'" + "', '".join([str(item) for item in seq[:-1]]) + "'"
    tail = f"{'' if separate_last and len(seq) == 2 else ','} {separate_last}'{seq[-1]}'"
    return head + tail


def _kwonly_to_pos_or_kw(fn: Callable[..., D]) -> Callable[..., D]:
    # torchvision's kwonly_to_pos_or_kw: positional arguments past the builder's positional parameters
    # fill its keyword-only ones (weights, progress) in order, with a deprecation warning.
    import inspect

    params = inspect.signature(fn).parameters
    try:
        start = next(i for i, p in enumerate(params.values()) if p.kind == p.KEYWORD_ONLY)
    except StopIteration:
        raise TypeError(f"Found no keyword-only parameter on function '{fn.__name__}'") from None
    keyword_only_params = tuple(params)[start:]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> D:
        args, keyword_only_args = args[:start], args[start:]
        if keyword_only_args:
            keyword_only_kwargs = dict(zip(keyword_only_params, keyword_only_args))
            warnings.warn(
                f"Using {_sequence_to_str(tuple(keyword_only_kwargs.keys()), separate_last='and ')} as positional "
                f"parameter(s) is deprecated since 0.13 and may be removed in the future. Please use keyword parameter(s) "
                f"instead."
            )
            kwargs.update(keyword_only_kwargs)
        return fn(*args, **kwargs)

    return wrapper


def handle_legacy_interface(**weights: tuple[str, Union[Optional[W], Callable[[dict[str, Any]], Optional[W]]]]):
    # torchvision >= 0.13's decorator: each keyword maps a weights parameter to (legacy parameter name,
    # default), e.g. weights=("pretrained", ResNet18_Weights.IMAGENET1K_V1); the default may be None (no
    # legacy weights) or a callable of the call's keyword arguments. builder(pretrained=True) becomes
    # weights=<default>, pretrained=False weights=None, each with torchvision's UserWarnings; pretrained=True
    # without a default is torchvision's ValueError. Vendored torchvision model files call it this way.
    def outer_wrapper(builder: Callable[..., M]) -> Callable[..., M]:
        @_kwonly_to_pos_or_kw
        @functools.wraps(builder)
        def inner_wrapper(*args: Any, **kwargs: Any) -> M:
            from torchvision.models._api import WeightsEnum

            for weights_param, (pretrained_param, default) in weights.items():
                sentinel = object()
                weights_arg = kwargs.get(weights_param, sentinel)
                if ((weights_param not in kwargs and pretrained_param not in kwargs)
                        or isinstance(weights_arg, WeightsEnum)
                        or (isinstance(weights_arg, str) and weights_arg != "legacy")
                        or weights_arg is None):
                    continue
                pretrained_positional = weights_arg is not sentinel
                if pretrained_positional:
                    kwargs[pretrained_param] = pretrained_arg = kwargs.pop(weights_param)
                else:
                    pretrained_arg = kwargs[pretrained_param]
                if pretrained_arg:
                    default_weights_arg = default(kwargs) if callable(default) else default
                    if not isinstance(default_weights_arg, WeightsEnum):
                        raise ValueError(f"No weights available for model {builder.__name__}")
                else:
                    default_weights_arg = None
                if not pretrained_positional:
                    warnings.warn(
                        f"The parameter '{pretrained_param}' is deprecated since 0.13 and may be removed in the future, "
                        f"please use '{weights_param}' instead."
                    )
                msg = (
                    f"Arguments other than a weight enum or `None` for '{weights_param}' are deprecated since 0.13 and "
                    f"may be removed in the future. "
                    f"The current behavior is equivalent to passing `{weights_param}={default_weights_arg}`."
                )
                if pretrained_arg:
                    msg = (
                        f"{msg} You can also use `{weights_param}={type(default_weights_arg).__name__}.DEFAULT` "
                        f"to get the most up-to-date weights."
                    )
                warnings.warn(msg)
                del kwargs[pretrained_param]
                kwargs[weights_param] = default_weights_arg
            return builder(*args, **kwargs)

        return inner_wrapper

    return outer_wrapper


class IntermediateLayerGetter(nn.ModuleDict):
    _version = 2

    def __init__(self, model: nn.Module, return_layers: dict[str, str]) -> None:
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
