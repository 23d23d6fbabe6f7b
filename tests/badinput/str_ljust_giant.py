# badinput: 'x'.ljust(2**63)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
"x".ljust(2**63)
