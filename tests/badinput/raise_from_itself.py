# badinput: an exception that is its own cause (a cause cycle) printed once, as CPython does
# expect-exit: 1
# expect-stderr: ValueError: a
try:
    raise ValueError("a")
except ValueError as e:
    raise e from e
