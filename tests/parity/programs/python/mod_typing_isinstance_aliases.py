# isinstance()/issubclass() with typing aliases, as library code writes them (timm's byobnet:
# `if not isinstance(stage_blocks_cfg, Sequence)` with typing.Sequence): the bare aliases check their
# collections.abc / builtin origin, Union and Optional check each member, subscripted aliases and the
# special forms refuse with CPython's messages, and an object whose class defines __instancecheck__ /
# __subclasscheck__ decides for itself.
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Type, Union
import collections


def f():
    pass


for tp in [Sequence, Mapping, Iterable, Callable, List, Dict, Tuple, Type]:
    print(tp, isinstance([1], tp), isinstance((1,), tp), isinstance({}, tp), isinstance(f, tp), isinstance(int, tp))
print(issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(collections.OrderedDict, Dict), issubclass(str, Iterable))
print(isinstance(1, Union[int, str]), isinstance(None, Optional[int]), isinstance(2.5, Optional[int]), issubclass(bool, Union[int, str]))
print(isinstance("x", (List, str)), isinstance(3, (Sequence, float)))
for bad in [lambda: isinstance(1, List[int]), lambda: isinstance(1, Any), lambda: issubclass(int, Any),
            lambda: issubclass(list, Sequence[int]), lambda: isinstance(1, Union[int, List[int]]), lambda: isinstance(1, object())]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)


class Evens:
    def __instancecheck__(self, obj):
        return isinstance(obj, int) and obj % 2 == 0

    def __subclasscheck__(self, cls):
        return cls is bool


evens = Evens()
print(isinstance(4, evens), isinstance(3, evens), issubclass(bool, evens), issubclass(int, evens), isinstance(4, (str, evens)))
