# badinput: with on an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object does not support the context manager protocol
with 5:
    pass
