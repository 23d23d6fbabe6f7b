# Function annotations are evaluated when the def runs and kept in __annotations__ (parameters in
# signature order, then 'return'); PEP 604 unions (int | None) as annotations, values and
# isinstance arguments; inspect.signature shows the annotations.
import inspect
from typing import Optional, List, Dict, Callable, Union


class Tensor:
    pass


def f(x: int, y: "str" = "a", *args: float, z: Optional[List[int]] = None, **kw: Dict[str, int]) -> bool:
    return True


print(f.__annotations__)
print(inspect.signature(f))


def g(a, b=1):
    return a


print(g.__annotations__, inspect.signature(g))
print((lambda x: x).__annotations__)


def forward(self, x: Tensor, mask: Tensor | None = None) -> Tensor | tuple[Tensor, Tensor]:
    return x


print(forward.__annotations__["mask"], forward.__annotations__["return"])
print(inspect.signature(forward))
u = int | None
print(u, type(u).__name__, u.__args__, u == (None | int), int | int, int | str | int)
print(isinstance(3, int | str), isinstance(None, int | None), isinstance(2.5, int | str))
print(issubclass(bool, int | str), issubclass(float, str | bytes))
print(hash(int | str) == hash(str | int))
print(Union[int, str] | None)
try:
    int | 3
except TypeError as e:
    print("TypeError", e)

calls = []


def ann(name):
    calls.append(name)
    return name


def h(a: ann("a"), b: ann("b") = ann("default")) -> ann("ret"):
    pass


print(calls, h.__annotations__)


def outer():
    local_t = list

    def inner(v: local_t) -> local_t:
        return v
    return inner


print(outer().__annotations__)


class C:
    T = int

    def m(self, v: T) -> "C":
        return self


print(C.m.__annotations__)
h.__annotations__ = {"new": 1}
print(h.__annotations__)
