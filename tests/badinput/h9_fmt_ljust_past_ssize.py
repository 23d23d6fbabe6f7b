# badinput: str.ljust with a width past sys.maxsize
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
'x'.ljust(2**63)
