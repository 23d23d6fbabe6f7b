# badinput: yield outside (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' outside function
yield 5
