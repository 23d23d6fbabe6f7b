# The objects type hints evaluate to: PEP 585 aliases (list[int]) and PEP 604 unions (int | None),
# their reprs, attributes, equality, calls and use with isinstance/issubclass.

a = list[int]
print(a, type(a).__name__, a.__origin__, a.__args__, a.__name__)
print(dict[str, list[int]], tuple[int, ...], tuple[()], type[int], set[frozenset[str]])
print(list[int]() == [], dict[str, int](x=1), tuple[int, int]((1, 2)))
print(list[int] == list[int], list[int] == list[str], list[int] == list, hash(list[int]) == hash(list[int]))
print(list[int] | None, None | dict[str, int], (int | list[int]).__args__)
print(int | str | None | str, (int | str) == (str | int), int | str == str | int)
for bad in [lambda: isinstance([], list[int]), lambda: issubclass(list, list[int]),
            lambda: isinstance(1, int | list[int])]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)
print(isinstance(None, int | None), isinstance("s", (int, str | bytes)))


def f(x: list[int] | None = None) -> dict[str, int | None]:
    return {}


print(f.__annotations__)
