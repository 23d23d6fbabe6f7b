import torch  # noqa: F401  (the PyTorch goldens' environment, where typing_extensions is installed with torch)
import typing
import warnings
import typing_extensions
from typing_extensions import (Doc, Literal, NoDefault, Protocol, ReadOnly, Self, TypeAlias, TypeIs, TypedDict,
                               deprecated, get_original_bases, override, runtime_checkable)
# typing_extensions as model code imports it: typing's names re-exported as the same objects, the
# 3.13 additions (deprecated, TypeIs, ReadOnly, NoDefault), get_original_bases and Doc.

print(Self is typing.Self, Literal is typing.Literal, TypeAlias is typing.TypeAlias, override is typing.override)
print(TypeIs[int], ReadOnly[str], NoDefault, Doc("the count"), Doc("a") == Doc("a"))
print(typing.get_origin(TypeIs[int]) is TypeIs, typing.get_args(ReadOnly[int]))
print(typing_extensions.Literal["a", "b"], typing_extensions.Optional[int])


class Point(TypedDict):
    x: int
    y: int


T = typing.TypeVar("T")


class Box(typing.Generic[T]):
    pass


class IntBox(Box[int]):
    pass


print(get_original_bases(IntBox), get_original_bases(Box), Point(x=1, y=2))


@runtime_checkable
class HasLen(Protocol):
    def __len__(self) -> int: ...


print(isinstance([1], HasLen), isinstance(3, HasLen))


@deprecated("use new_scale instead")
def old_scale(x):
    return 2 * x


@deprecated("Legacy is gone")
class Legacy:
    def __init__(self, v):
        self.v = v


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(old_scale(4), Legacy(5).v, old_scale.__deprecated__, Legacy.__deprecated__)
for w in caught:
    print(w.category.__name__, w.message)
try:
    deprecated(3)
except TypeError as e:
    print("TypeError", e)
