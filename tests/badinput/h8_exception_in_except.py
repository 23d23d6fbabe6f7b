# badinput: an exception while handling another
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
try:
    1 / 0
except ZeroDivisionError:
    [][0]
