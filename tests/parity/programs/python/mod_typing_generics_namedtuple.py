# typing in real code: Generic[T] classes, NamedTuple with defaults and methods, TypedDict(total=False)
# key sets, get_type_hints, reprs of List/Dict/Optional/Union/Callable/Literal/Annotated, get_origin and
# get_args, NewType, cast, overload, PEP 604 unions and builtin generics.
from typing import (TypeVar, Generic, Protocol, TypedDict, NamedTuple, Optional, Union, List, Dict,
                    Tuple, Callable, Any, Literal, Final, runtime_checkable, get_type_hints, cast,
                    overload, Iterator, Sequence, Mapping, get_origin, get_args, Annotated, NewType, TYPE_CHECKING)
T = TypeVar('T')
K = TypeVar('K', bound=int)
class Box(Generic[T]):
    def __init__(self, v: T) -> None:
        self.v = v
    def get(self) -> T:
        return self.v
b = Box[int](3)
print(b.get(), Box[int], Box.__parameters__, T, K.__bound__)
class Point(NamedTuple):
    x: int
    y: int = 0
    def norm(self) -> int:
        return abs(self.x) + abs(self.y)
p = Point(3, -4)
print(p, p.norm(), p._asdict(), p._replace(x=1), Point._fields, Point._field_defaults)
x, y = p
print(x, y, p[0], len(p), isinstance(p, tuple))
class Movie(TypedDict, total=False):
    title: str
    year: int
m: Movie = {'title': 'X'}
print(m, Movie.__required_keys__, sorted(Movie.__optional_keys__), type(m).__name__, type(Movie.__optional_keys__).__name__)
class Closer(Protocol):
    def close(self) -> None: ...
@runtime_checkable
class Sized2(Protocol):
    def __len__(self) -> int: ...
print(isinstance([1], Sized2), isinstance(3, Sized2))
def f(a: int, b: Optional[str] = None) -> List[int]:
    return [a]
print(get_type_hints(f))
print(Optional[int], Union[int, str], List[int], Dict[str, int], Tuple[int, ...], Callable[[int], str])
print(get_origin(List[int]), get_args(Dict[str, int]), get_origin(Optional[int]), get_args(Union[int, str]))
print(Literal['a', 'b'], get_args(Literal['a', 'b']), Annotated[int, 'meta'])
UserId = NewType('UserId', int)
print(UserId(5), UserId.__name__, cast(int, '3'))
print(TYPE_CHECKING, Any, list[int], dict[str, list[int]], int | None, (int | str).__args__)
@overload
def g(x: int) -> int: ...
@overload
def g(x: str) -> str: ...
def g(x):
    return x
print(g(2), g('s'))
def h(it: Iterator[int]) -> Sequence[int]:
    return list(it)
print(h(iter([1, 2])))
print(Point.__annotations__, Movie.__annotations__)
