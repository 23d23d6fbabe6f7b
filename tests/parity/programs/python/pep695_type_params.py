# PEP 695 (Python 3.12): generic functions and classes, type aliases, their runtime objects.
from typing import TypeAliasType, TypeVar, Generic, get_args


def first[T](xs: list[T]) -> T:
    return xs[0]


print(first([3, 1]), first.__qualname__, first.__type_params__, first.__annotations__)
(T,) = first.__type_params__
print(type(T).__name__, T.__name__, T.__bound__, T.__constraints__, T.__covariant__, T.__infer_variance__)


class Stack[T]:
    """A stack."""

    def __init__(self) -> None:
        self.items: list[T] = []

    def push(self, x: T) -> None:
        self.items.append(x)

    def map[S](self, f) -> "Stack[S]":
        out = Stack()
        for x in self.items:
            out.push(f(x))
        return out


s = Stack[int]()
s.push(2)
print(Stack.__doc__, Stack.__qualname__, Stack.__type_params__, Stack.__parameters__)
print(Stack.map.__qualname__, Stack.map.__type_params__, s.map(str).items, Stack[int], Generic in Stack.__mro__)


class Node[T: (int, str), *Ts, **P]:
    pass


A, B, C = Node.__type_params__
print(A, B, C, type(B).__name__, type(C).__name__, A.__constraints__)

type Vector = list[float]
type Pair[K, V] = tuple[K, V] | Later


class Later:
    pass


print(Vector, type(Vector).__name__, Vector.__value__, Vector.__type_params__)
print(Pair, Pair.__value__, Pair.__type_params__, Pair[int, str], get_args(Pair[int, str]))
try:
    Vector[int]
except TypeError as e:
    print("TypeError:", e)
type = 3  # 'type' stays a name
print(type)


def deco(f):
    print("decorating", f.__name__, f.__type_params__)
    return f


@deco
def ident[U](u: U) -> U:
    return u


print(ident(5))
