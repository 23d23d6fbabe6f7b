# badinput: functools.reduce of an empty list
# expect-exit: 1
# expect-stderr: TypeError: reduce() of empty iterable with no initial value
import functools
functools.reduce(lambda a,b:a+b, [])
