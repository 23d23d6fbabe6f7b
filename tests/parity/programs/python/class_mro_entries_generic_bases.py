# PEP 560: a class statement replaces each base that has __mro_entries__ (typing aliases such as
# Box[int] or List[int], or any object defining it) by the classes it returns and records the
# original bases as __orig_bases__; `class S(Sampler[List[int]])` and `class D(Dataset[Tuple[Tensor, int]])`
# in torch code depend on it. Errors: a non-tuple result, subclassing a Union.
from typing import Generic, TypeVar, List, Dict, Tuple, Any, Union, Optional
import typing
T = TypeVar("T")
class Box(Generic[T]):
    def __init__(self, v): self.v = v
class IntBox(Box[int]):
    pass
print(IntBox.__mro__, IntBox.__orig_bases__, IntBox(3).v, "__orig_bases__" in IntBox.__dict__)
class MyList(List[int]):
    pass
print(MyList.__mro__, MyList.__orig_bases__)
ml = MyList([1, 2]); ml.append(3); print(ml, len(ml))
class D2(Dict[str, int], Box[int]):
    pass
print(D2.__mro__)
class Mixed(Box[int], List[str]):
    pass
print(Mixed.__mro__)
for bad in [Union[int, str], Optional[int]]:
    try:
        class X(bad): pass
    except TypeError as e:
        print("TypeError:", e)
class Ent:
    def __mro_entries__(self, bases):
        return (object,)
class Y(Ent()):
    pass
print(Y.__mro__, len(Y.__orig_bases__))
class Bad:
    def __mro_entries__(self, bases):
        return [object]
try:
    class Z(Bad()): pass
except TypeError as e:
    print("TypeError:", e)
class P(typing.List):
    pass
print(P.__mro__)
