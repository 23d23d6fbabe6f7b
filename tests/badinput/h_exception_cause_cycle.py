# badinput: exception cause cycle (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: b
try:
    try:
        raise ValueError("a")
    except ValueError as e:
        e2 = TypeError("b")
        e.__cause__ = e2
        e2.__cause__ = e
        raise e2
except TypeError:
    raise
