# badinput: positional after kw (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: positional argument follows keyword argument
f(a=1, 2)
