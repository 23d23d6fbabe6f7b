# badinput: int(10, 2): a base with a non-string (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: int() can't convert non-string with explicit base
int(10, 2)
