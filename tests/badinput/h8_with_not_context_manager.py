# badinput: with on a non-context-manager
# expect-exit: 1
# expect-stderr: TypeError: 'builtin_function_or_method' object does not support the context manager protocol
with open:
    pass
