# dataclasses: field(default_factory, repr=False), ClassVar, __post_init__, replace/asdict/astuple,
# frozen+order, InitVar, KW_ONLY, slots=True (a new class with __slots__), kw_only, the mutable-default
# and field-order errors, inheritance, make_dataclass, eq=False, unsafe_hash, __match_args__.
from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass, InitVar, KW_ONLY
import dataclasses
from typing import List, Optional, ClassVar

@dataclass
class Config:
    name: str
    lr: float = 1e-3
    layers: List[int] = field(default_factory=lambda: [64, 32])
    tags: dict = field(default_factory=dict)
    hidden: int = field(default=8, repr=False)
    count: ClassVar[int] = 0
    def __post_init__(self):
        Config.count += 1

c = Config('a')
print(c, c.hidden, Config.count)
c2 = replace(c, lr=0.1)
print(c2, c == c2, c == Config('a'))
print(asdict(c), astuple(c))
print([f.name for f in fields(c)], is_dataclass(c), is_dataclass(Config), is_dataclass(1))

@dataclass(frozen=True, order=True)
class P:
    x: int
    y: int = 0
ps = sorted([P(2, 1), P(1, 5), P(1, 2)])
print(ps, hash(P(1, 2)) == hash(P(1, 2)))
try:
    ps[0].x = 5
except dataclasses.FrozenInstanceError as e:
    print('Frozen', e)

@dataclass
class WithInit:
    a: int
    scale: InitVar[int] = 2
    b: int = field(init=False)
    def __post_init__(self, scale):
        self.b = self.a * scale
print(WithInit(3), WithInit(3, 5))

@dataclass
class K:
    a: int
    _: KW_ONLY
    b: int = 1
    c: int = 2
print(K(1, c=5))

@dataclass(slots=True)
class S:
    a: int
    b: str = 'x'
s = S(1)
print(s, S.__slots__, S.__name__, S.__qualname__)

@dataclass(kw_only=True)
class KO:
    a: int
    b: int = 2
print(KO(a=1))
try:
    KO(1)
except TypeError as e:
    print('TypeError', e)
try:
    @dataclass
    class Bad:
        a: list = []
except ValueError as e:
    print('ValueError', e)
try:
    @dataclass
    class Bad2:
        a: int = 1
        b: int
except TypeError as e:
    print('TypeError', e)

@dataclass
class Child(Config):
    extra: Optional[int] = None
print(Child('z', extra=3))
print(dataclasses.fields(Child)[-1].type, Child.__dataclass_fields__['lr'].default)
D = dataclasses.make_dataclass('D', [('x', int), ('y', int, field(default=3))])
print(D(1), D.__name__)
@dataclass(eq=False)
class NE:
    a: int
print(NE(1) == NE(1), repr(NE(2)))
@dataclass(unsafe_hash=True)
class UH:
    a: int
print(hash(UH(3)) == hash(UH(3)))
print(Config.__match_args__, Config.__init__.__doc__)
