# badinput: len() of a range with 2**64 - 1 elements
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
len(range(-2**63, 2**63 - 1))
