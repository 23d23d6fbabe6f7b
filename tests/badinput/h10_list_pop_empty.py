# badinput: list pop empty
# expect-exit: 1
# expect-stderr: IndexError: pop from empty list
[].pop()
