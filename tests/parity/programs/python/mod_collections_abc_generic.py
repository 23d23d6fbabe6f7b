# collections.abc ABCs as generic aliases (PEP 585): Sequence[int], Mapping[str, int], and Callable's
# own alias class, which flattens the argument list into __args__ and prints it in brackets again.
# Modern libraries evaluate such hints at module level (type aliases, default-argument annotations).
import collections.abc as abc
import typing

for name in ["Iterable", "Iterator", "Generator", "Reversible", "Container", "Collection", "Set", "MutableSet",
             "Mapping", "MutableMapping", "Sequence", "MutableSequence", "KeysView", "ItemsView", "ValuesView",
             "MappingView", "Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator"]:
    cls = getattr(abc, name)
    alias = cls[int]
    print(name, alias, alias.__origin__ is cls, alias.__args__, type(alias).__name__)

for name in ["Hashable", "Sized"]:
    try:
        getattr(abc, name)[int]
    except TypeError as e:
        print(name, "TypeError:", e)

m = abc.Mapping[str, abc.Sequence[float]]
print(m, m.__args__[1].__args__)
print(abc.Sequence[int] | None, abc.Iterable[str] | dict[str, int])
print(abc.Sequence[int] == abc.Sequence[int], abc.Sequence[int] == abc.Sequence[str])

c = abc.Callable[[int, str], float]
print(c, c.__args__, c.__origin__ is abc.Callable, type(c).__name__, type(c).__module__)
print(abc.Callable[[], None], abc.Callable[[], None].__args__)
print(abc.Callable[..., int], abc.Callable[..., int].__args__)
print(abc.Callable[[abc.Sequence[int]], list[int]])
print(isinstance(c, type(list[int])))

T = typing.TypeVar("T")
generic = abc.Callable[[T], T]
print(generic, generic.__parameters__)
print(generic[int], type(generic[int]).__name__)
print(abc.Sequence[T][bytes])

for bad in (int, (int,), (int, str, float)):
    try:
        abc.Callable[bad]
    except TypeError as e:
        print("TypeError:", e)
try:
    abc.Callable[int, str]
except TypeError as e:
    print("TypeError:", e)


def f(xs: abc.Sequence[int], key: abc.Callable[[int], int] = abs) -> abc.Iterator[int]:
    return iter(sorted(xs, key=key))


print(list(f([3, -1, 2])), f.__annotations__["key"], f.__annotations__["return"])
