# badinput: nonlocal module (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: nonlocal declaration not allowed at module level
nonlocal x
