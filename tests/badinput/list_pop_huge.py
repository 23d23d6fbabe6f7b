# badinput: list.pop(2**62)
# expect-exit: 1
# expect-stderr: IndexError: pop index out of range
[1, 2].pop(2**62)
