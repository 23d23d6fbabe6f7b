# typing.Generic[T] as a base: the class derives from Generic through the alias's __mro_entries__,
# records Generic[T] in __orig_bases__ and gets __parameters__ from it (Protocol[T] and Iterator[T]
# likewise); Generic[...] refuses non-TypeVar, repeated or missing parameters with CPython's messages.
from typing import Generic, TypeVar, List, Dict, Protocol, Iterator, Any
T = TypeVar("T"); S = TypeVar("S")
class Box(Generic[T]):
    def __init__(self, v): self.v = v
print(Generic[T], Box.__orig_bases__, Box.__parameters__, Box.__mro__)
class Pair(Box[T], Generic[T, S]):
    pass
print(Pair.__mro__, Pair.__parameters__, Pair.__orig_bases__)
class IntBox(Box[int]): pass
print(IntBox.__parameters__, IntBox.__orig_bases__, IntBox(2).v, Box[int], Box[int](5).v)
class P(Protocol[T]):
    def get(self) -> T: ...
print(P.__mro__, P.__parameters__)
class It(Iterator[T]): pass
print(It.__parameters__, It.__mro__[1:3])
for bad in [lambda: Generic[int], lambda: Generic[T, T], lambda: Generic[()]]:
    try: bad()
    except TypeError as e: print("TypeError:", e)
try:
    class Bad(Box[S], Generic[T]): pass
except TypeError as e: print("TypeError:", e)
class Plain: pass
print(hasattr(Plain, "__parameters__"))
