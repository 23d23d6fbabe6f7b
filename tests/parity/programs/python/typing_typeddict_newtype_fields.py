# typing.TypedDict's required/optional keys across a total=False subclass (inherited keys keep
# their kind), typing.NewType as CPython 3.10+'s class (repr module.name, callable, in unions), and
# dataclasses.Field's read-only metadata and field-kind repr.
import dataclasses
from dataclasses import dataclass, field, fields
from typing import NewType, NotRequired, Optional, Required, TypedDict, get_type_hints


class Movie(TypedDict):
    name: str
    year: int


class MovieX(Movie, total=False):
    extra: float
    must: Required[int]


class Partial(TypedDict, total=False):
    a: int
    b: NotRequired[str]


class Full(Partial):
    c: bytes


for td in (Movie, MovieX, Partial, Full):
    print(td.__name__, sorted(td.__required_keys__), sorted(td.__optional_keys__), td.__total__)
print(get_type_hints(MovieX))

UserId = NewType('UserId', int)
print(UserId, UserId(5), UserId.__name__, UserId.__qualname__, UserId.__supertype__, UserId.__module__)
print(Optional[UserId], UserId | None)
try:
    class Sub(UserId):
        pass
except TypeError as e:
    print('TypeError', e)


@dataclass
class P:
    x: int = field(default=1, metadata={'unit': 'cm'})
    y: list = field(default_factory=list)


fx, fy = fields(P)
print(fx.metadata, type(fx.metadata).__name__, fx.metadata['unit'], fy.metadata, len(fy.metadata))
try:
    fx.metadata['unit'] = 'm'
except TypeError as e:
    print('TypeError', e)
print(repr(fx).replace(repr(dataclasses.MISSING), 'MISSING'))
