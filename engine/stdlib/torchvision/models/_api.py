# torchvision.models._api: the pretrained-weights API of torchvision 0.26 (Weights, WeightsEnum with
# verify/repr/attribute access, register_model, list_models, get_model, get_model_weights, get_weight)
# written for Kiln. Kiln runs offline, so weights can be named and inspected but never downloaded:
# get_state_dict (and every builder given weights) raises a RuntimeError saying so. meta holds
# min_size, the ImageNet class names (categories, from _meta.py), num_params and the recipe link;
# transforms is still None (torchvision's partial(ImageClassification, ...) per weight is not wired).
from dataclasses import dataclass, fields
from enum import Enum
from types import ModuleType
from typing import Any, Callable, Iterable, List, Mapping, Optional, Type, TypeVar, Union

from torch import nn

__all__ = ["WeightsEnum", "Weights", "get_model", "get_model_weights", "get_weight", "list_models"]


@dataclass
class Weights:
    url: str
    transforms: Callable
    meta: dict[str, Any]


def _offline_error(weights):
    return RuntimeError(
        f"Kiln cannot download pretrained weights ({weights!r} from {weights.url}): Kiln runs offline, "
        "without network access. Build the model with weights=None (random initialisation, the default), "
        "or load a state_dict saved with torch.save from a file inside the program's folder: "
        "model.load_state_dict(torch.load(path))"
    )


class WeightsEnum(Enum):
    @classmethod
    def verify(cls, obj: Any) -> Any:
        if obj is not None:
            if type(obj) is str:
                obj = cls[obj.replace(cls.__name__ + ".", "")]
            elif not isinstance(obj, cls):
                raise TypeError(
                    f"Invalid Weight class provided; expected {cls.__name__} but received {obj.__class__.__name__}."
                )
        return obj

    def get_state_dict(self, *args: Any, **kwargs: Any) -> Mapping[str, Any]:
        raise _offline_error(self)

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}.{self._name_}"

    @property
    def url(self):
        return self.value.url

    @property
    def transforms(self):
        return self.value.transforms

    @property
    def meta(self):
        return self.value.meta


M = TypeVar("M", bound=nn.Module)

BUILTIN_MODELS = {}


def register_model(name: Optional[str] = None) -> Callable[[Callable[..., M]], Callable[..., M]]:
    def wrapper(fn: Callable[..., M]) -> Callable[..., M]:
        key = name if name is not None else fn.__name__
        if key in BUILTIN_MODELS:
            raise ValueError(f"An entry is already registered under the name '{key}'.")
        BUILTIN_MODELS[key] = fn
        return fn

    return wrapper


def list_models(module: Optional[ModuleType] = None, include: Union[Iterable[str], str, None] = None,
                exclude: Union[Iterable[str], str, None] = None) -> list[str]:
    import fnmatch

    models = set(k for k, v in BUILTIN_MODELS.items()
                 if module is None or v.__module__.rsplit(".", 1)[0] == module.__name__)
    if include:
        if isinstance(include, str):
            include = [include]
        kept = set()
        for pattern in include:
            kept = kept | set(fnmatch.filter(models, pattern))
        models = kept
    if exclude:
        if isinstance(exclude, str):
            exclude = [exclude]
        for pattern in exclude:
            models = models - set(fnmatch.filter(models, pattern))
    return sorted(models)


def _find_model(name: str) -> Callable[..., nn.Module]:
    name = name.lower()
    if name not in BUILTIN_MODELS:
        raise ValueError(f"Unknown model {name}")
    return BUILTIN_MODELS[name]


def get_model_builder(name: str) -> Callable[..., nn.Module]:
    return _find_model(name)


def get_model(name: str, **config: Any) -> nn.Module:
    return _find_model(name)(**config)


def _get_enum_from_fn(fn: Callable) -> type[WeightsEnum]:
    # torchvision's rule: the WeightsEnum is the annotation of the builder's `weights` parameter
    # (Optional[X_Weights] is searched through its arguments).
    import inspect

    sig = inspect.signature(fn)
    if "weights" not in sig.parameters:
        raise ValueError("The method is missing the 'weights' argument.")
    ann = sig.parameters["weights"].annotation
    weights_enum = None
    if isinstance(ann, type) and issubclass(ann, WeightsEnum):
        weights_enum = ann
    else:
        for t in ann.__args__:
            if isinstance(t, type) and issubclass(t, WeightsEnum):
                weights_enum = t
                break
    if weights_enum is None:
        raise ValueError(
            "The WeightsEnum class for the specific method couldn't be retrieved. Make sure the typing info is correct."
        )
    return weights_enum


def get_model_weights(name: Union[Callable, str]) -> type[WeightsEnum]:
    fn = _find_model(name) if isinstance(name, str) else name
    return _get_enum_from_fn(fn)


def get_weight(name: str) -> WeightsEnum:
    parts = name.split(".")
    if len(parts) != 2:
        raise ValueError(f"Invalid weight name provided: '{name}'.")
    enum_name, value_name = parts
    import torchvision.models as models_pkg

    enum = getattr(models_pkg, enum_name, None)
    if enum is None or not (isinstance(enum, type) and issubclass(enum, WeightsEnum)):
        raise ValueError(f"The weight enum '{enum_name}' for the specific method couldn't be retrieved.")
    return enum[value_name]
