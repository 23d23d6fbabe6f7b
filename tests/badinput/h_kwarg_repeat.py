# badinput: kwarg repeat (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: keyword argument repeated: a
f(a=1, a=2)
