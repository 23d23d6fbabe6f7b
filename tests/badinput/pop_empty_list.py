# badinput: pop from an empty list
# expect-exit: 1
# expect-stderr: IndexError: pop from empty list
[].pop()
