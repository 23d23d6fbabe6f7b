# badinput: the comparison/hash/format dunders of int, float, str, list, tuple and range called through the class (list.__eq__(1, []) passed silently, list.__eq__([], []) gave NotImplemented)
# expect-exit: 1
# expect-stderr: TypeError: descriptor '__eq__' requires a 'list' object but received a 'int'
checks = [
    (lambda: list.__eq__([1], [1]), True), (lambda: list.__lt__([1], [2]), True),
    (lambda: list.__eq__([1], (1,)), NotImplemented), (lambda: tuple.__ge__((1,), (1,)), True),
    (lambda: int.__lt__(True, 2), True), (lambda: int.__eq__(1, 1.0), NotImplemented),
    (lambda: float.__eq__(1.0, 1), True), (lambda: float.__eq__(1.0, "a"), NotImplemented),
    (lambda: str.__ne__("a", 1), NotImplemented), (lambda: range.__eq__(range(3), range(0, 3)), True),
    (lambda: range.__lt__(range(3), range(3)), NotImplemented), (lambda: int.__eq__(10**30, 10**30), True),
    (lambda: str.__hash__("a") == hash("a"), True), (lambda: tuple.__hash__((1, 2)) == hash((1, 2)), True),
    (lambda: int.__format__(255, "x"), "ff"), (lambda: float.__format__(1.5, ".2f"), "1.50"),
    (lambda: str.__format__("a", ">3"), "  a"), (lambda: str.__mod__("%d", 5), "5"),
    (lambda: str.__rmod__("%d", 5), NotImplemented), (lambda: list.__iadd__([1], (2,)), [1, 2]),
    (lambda: list.__imul__([1], 2), [1, 1]), (lambda: bool.__and__(True, 1), 1),
    (lambda: bool.__or__(True, False), True),
]
for call, want in checks:
    got = call()
    assert got == want and type(got) is type(want), (got, want)
errors = [
    (lambda: int.__eq__(), "descriptor '__eq__' of 'int' object needs an argument"),
    (lambda: object.__eq__(), "descriptor '__eq__' of 'object' object needs an argument"),
    (lambda: int.__eq__(1, x=2), "wrapper __eq__() takes no keyword arguments"),
    (lambda: int.__hash__("a"), "descriptor '__hash__' requires a 'int' object but received a 'str'"),
    (lambda: str.__format__(5, ""), "descriptor '__format__' for 'str' objects doesn't apply to a 'int' object"),
    (lambda: int.__format__(1), "int.__format__() takes exactly one argument (0 given)"),
    (lambda: float.__format__(1.5, 5), "__format__() argument must be str, not int"),
    (lambda: str.__mod__(5, 1), "descriptor '__mod__' requires a 'str' object but received a 'int'"),
    (lambda: tuple.__hash__(([],)), "unhashable type: 'list'"),
    (lambda: bool.__and__(1, True), "descriptor '__and__' requires a 'bool' object but received a 'int'"),
    (lambda: list.__imul__([1], "a"), "'str' object cannot be interpreted as an integer"),
    (lambda: type.mro(1), "descriptor 'mro' for 'type' objects doesn't apply to a 'int' object"),
    (lambda: type.__call__(5), "descriptor '__call__' requires a 'type' object but received a 'int'"),
    (lambda: type.__new__(1), "type.__new__(X): X is not a type object (int)"),
]
for call, text in errors:
    try:
        call()
        raise AssertionError("no error: " + text)
    except TypeError as e:
        assert str(e) == text, (str(e), text)
list.__eq__(1, [])
