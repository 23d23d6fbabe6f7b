# badinput: range step zero (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: range() arg 3 must not be zero
print(range(1, 10, 0))
