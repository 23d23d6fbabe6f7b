# dataclasses: frozen instances, order=True comparisons and sorting, hashing rules, kw_only, ClassVar,
# InitVar and __post_init__ arguments.
from dataclasses import dataclass, field, FrozenInstanceError, InitVar, KW_ONLY, fields
from typing import ClassVar, List

@dataclass(frozen=True)
class Color:
    r: int
    g: int = 0
    b: int = 0

c = Color(255)
print(c, hash(c) == hash(Color(255, 0, 0)), {c: 'red'}[Color(255)])
try:
    c.r = 1
except FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))
try:
    del c.g
except FrozenInstanceError as e:
    print(type(e).__name__, e)

@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    note: str = field(default='', compare=False)

vs = [Version(1, 2), Version(0, 9, 'old'), Version(1, 0), Version(1, 2, 'dup')]
print(sorted(vs))
print(Version(1) < Version(1, 1), Version(2) >= Version(1, 5), Version(1, 2) == Version(1, 2, 'x'), max(vs))
try:
    Version(1) < 5
except TypeError as e:
    print('TypeError', e)

@dataclass
class Mutable:
    v: int
print(Mutable.__hash__ is None)
try:
    hash(Mutable(1))
except TypeError as e:
    print('TypeError', e)

@dataclass(unsafe_hash=True)
class Hashy:
    v: int
print(hash(Hashy(3)) == hash((3,)))

@dataclass
class Config:
    name: str
    _: KW_ONLY
    lr: float = 0.1
    epochs: int = 3
    registry: ClassVar[List[str]] = []

cfg = Config('run', epochs=5)
print(cfg, [f.name for f in fields(cfg)], Config.registry)
try:
    Config('x', 0.5)
except TypeError as e:
    print('TypeError', e)

@dataclass(kw_only=True)
class Opts:
    a: int
    b: int = 2
print(Opts(a=1), Opts(b=5, a=0))
try:
    Opts()
except TypeError as e:
    print('TypeError', e)

@dataclass
class Scaled:
    value: float
    scale: InitVar[float] = 1.0
    result: float = field(init=False)

    def __post_init__(self, scale):
        self.result = self.value * scale

s = Scaled(2.0, 3.0)
print(s, s.result, Scaled(4.0).result, [f.name for f in fields(Scaled)])
try:
    @dataclass(order=True, eq=False)
    class Wrong:
        x: int
except ValueError as e:
    print('ValueError', e)
