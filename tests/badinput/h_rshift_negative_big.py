# badinput: rshift negative big (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: negative shift count
print(1 >> -(2**70))
