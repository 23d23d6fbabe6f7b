# badinput: range with step 0
# expect-exit: 1
# expect-stderr: ValueError: range() arg 3 must not be zero
range(0, 10, 0)
