# badinput: range() with a step of 0
# expect-exit: 1
# expect-stderr: ValueError: range() arg 3 must not be zero
range(1, 10, 0)
