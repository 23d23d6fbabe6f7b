# typing: every common name imports; subscripted aliases print as CPython's; TypeVar/Generic,
# NamedTuple and TypedDict classes, cast/overload/get_origin/get_args/get_type_hints.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Callable, Iterable, Iterator, Sequence, Mapping,
                    TypeVar, Generic, NamedTuple, TYPE_CHECKING, cast, overload, Protocol, Literal, Final,
                    ClassVar, Set, Type, DefaultDict, Deque, get_origin, get_args, TypedDict, NoReturn,
                    get_type_hints, Counter, OrderedDict, FrozenSet, MutableMapping, Generator, Hashable)

print(List[int], Dict[str, List[float]], Tuple[int, ...], Tuple[int, str], Tuple[()], Optional[int])
print(Union[int, str], Union[int, None], Union[int, str, None], Union[int], Union[int, Union[str, int]])
print(Callable[[int, str], float], Callable[..., None], Literal['a', 1], Final[int], ClassVar[List[int]])
print(Any, List, Optional, Iterable[int], Sequence[str], Mapping[str, Any], Type[int], Set[int], Iterator[int])
print(DefaultDict[str, int], Deque[int], Optional['Node'], List['Node'], typing.Generator[int, None, None])
T = TypeVar('T')
K = TypeVar('K', bound=int)
V = TypeVar('V', covariant=True)
print(T, K, V, List[T], Dict[T, int][str] if False else Dict[T, int], TYPE_CHECKING)
print(get_origin(List[int]), get_args(Dict[str, int]), get_origin(Optional[int]) is Union, get_args(Optional[int]))
print(get_args(Callable[[int], str]), get_origin(int), get_args(int))
print(cast(int, 'not checked'), cast('List[int]', [1]))

class Stack(Generic[T]):
    def __init__(self):
        self.items: List[T] = []
    def push(self, item: T) -> None:
        self.items.append(item)
    def pop(self) -> T:
        return self.items.pop()

s = Stack()
s.push(1)
s.push(2)
print(s.pop(), s.items, isinstance(s, Stack))

class Employee(NamedTuple):
    name: str
    id: int = 3

    def label(self):
        return f'{self.name}#{self.id}'

e = Employee('guido')
print(e, e.label(), e._fields, e._replace(id=7), Employee._field_defaults, Employee.__annotations__)
Pair = NamedTuple('Pair', [('a', int), ('b', str)])
print(Pair(1, 'x'), Pair._fields)

class Movie(TypedDict):
    title: str
    year: int

m = Movie(title='Blade Runner', year=1982)
print(m, type(m).__name__, m['year'])

@overload
def double(x: int) -> int: ...
@overload
def double(x: str) -> str: ...
def double(x):
    return x * 2
print(double(4), double('ab'))

class Sized2(Protocol):
    def __len__(self) -> int: ...

class Config:
    name: str
    retries: int = 3
    tags: ClassVar[List[str]] = []

print(get_type_hints(Config))

def f(a: int, b: 'str' = 'x') -> Optional[int]:
    return None
try:
    Any()
except TypeError as e:
    print('TypeError', e)
try:
    List[int]()
except TypeError as e:
    print('TypeError', e)
