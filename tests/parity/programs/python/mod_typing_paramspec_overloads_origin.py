# typing as typed decorator and library code uses it: Callable[P, T] with a ParamSpec and with
# Concatenate (PEP 612), get_origin/get_args of builtin generics (list[int]) and of X | Y unions,
# Union equality regardless of order, and get_overloads() listing @overload signatures.
import functools
import types
from typing import (Callable, Concatenate, Optional, ParamSpec, TypeVar, Union, get_args, get_origin,
                    get_overloads, overload, clear_overloads)

P = ParamSpec("P")
R = TypeVar("R")


def logged(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        print("call", fn.__name__, args, kwargs)
        return fn(*args, **kwargs)
    return wrapper


@logged
def scale(x: float, factor: float = 2.0) -> float:
    return x * factor


print(scale(3.0), scale(1.5, factor=4))
c = Callable[P, R]
print(c, get_args(c), get_origin(c))
with_ctx = Callable[Concatenate[int, P], R]
print(get_origin(with_ctx), get_args(with_ctx)[1])
print(Callable[[int, str], bool], get_args(Callable[[int, str], bool]), get_args(Callable[..., int]))

print(get_origin(list[int]), get_args(dict[str, list[int]]), get_origin(tuple[int, ...]), get_args(tuple[int, ...]))
print(get_origin(int | None) is types.UnionType, get_args(int | str), get_origin(int), get_args(int))
print(Union[int, str] == Union[str, int], hash(Union[int, str]) == hash(Union[str, int]), Optional[int] == Union[None, int])
print(Union[int, str] == Union[int, float], len({Union[int, str], Union[str, int]}))


@overload
def parse(x: int) -> int: ...
@overload
def parse(x: str) -> str: ...
def parse(x):
    return x


print(parse(3), len(get_overloads(parse)), [f.__name__ for f in get_overloads(parse)])


class Codec:
    @overload
    def encode(self, x: int) -> bytes: ...
    @overload
    def encode(self, x: str) -> bytes: ...
    def encode(self, x):
        return str(x).encode()


print(Codec().encode(5), len(get_overloads(Codec.encode)), get_overloads(print))
clear_overloads()
print(get_overloads(parse))
