# badinput: list pop empty (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: pop from empty list
[].pop()
