# badinput: functools reduce empty (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: reduce() of empty iterable with no initial value
import functools
functools.reduce(lambda a, b: a, [])
