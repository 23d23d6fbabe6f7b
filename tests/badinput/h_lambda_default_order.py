# badinput: lambda default order (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: parameter without a default follows parameter with a default
lambda a=1, b: 0
