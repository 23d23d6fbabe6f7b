# typing.Protocol at run time: @runtime_checkable isinstance/issubclass by members (methods and data),
# CPython's TypeErrors for non-runtime protocols, data protocols in issubclass, instantiation and
# runtime_checkable on a plain class; explicit subclasses; the Supports* protocols; __protocol_attrs__.
from typing import Protocol, runtime_checkable, SupportsInt, SupportsFloat, SupportsIndex, SupportsAbs
@runtime_checkable
class Sized2(Protocol):
    def __len__(self) -> int: ...
class Closer(Protocol):
    def close(self) -> None: ...
@runtime_checkable
class HasName(Protocol):
    name: str
class Named:
    def __init__(self):
        self.name = 'n'
class Res:
    def close(self):
        pass
print(isinstance([1], Sized2), isinstance(3, Sized2), isinstance({}, Sized2), issubclass(list, Sized2), issubclass(int, Sized2))
print(isinstance(Named(), HasName), isinstance(Res(), HasName))
for bad in [lambda: isinstance(Res(), Closer), lambda: issubclass(Named, HasName), lambda: issubclass(1, Sized2),
            lambda: Sized2(), lambda: runtime_checkable(Res)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
class Impl(Closer):
    def close(self):
        return 'closed'
print(Impl().close(), isinstance(Impl(), Impl))
for bad in [lambda: isinstance(Impl(), Closer), lambda: issubclass(Impl, Closer)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
print(isinstance(3, SupportsInt), isinstance('x', SupportsInt), isinstance(2.5, SupportsFloat), isinstance(3, SupportsIndex), isinstance(-1.0, SupportsAbs))
print(sorted(Sized2.__protocol_attrs__), sorted(HasName.__protocol_attrs__), Sized2._is_protocol, Impl._is_protocol)
class Sub(Sized2, Protocol):
    def extra(self): ...
print(sorted(Sub.__protocol_attrs__), Sub._is_protocol, Sub._is_runtime_protocol)
class WithNone:
    def __len__(self):
        return 0
    close = None
print(isinstance(WithNone(), Sized2), issubclass(WithNone, Sized2))
