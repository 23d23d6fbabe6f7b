# badinput: slice step zero (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: slice step cannot be zero
print([1, 2, 3][::0])
