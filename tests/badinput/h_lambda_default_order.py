# badinput: lambda default order (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: non-default argument follows default argument
lambda a=1, b: 0
