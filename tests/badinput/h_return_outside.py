# badinput: return outside (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: 'return' outside function
return 5
