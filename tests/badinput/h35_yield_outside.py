# badinput: Python misuse: yield outside
# expect-exit: 1
# expect-stderr: h35_yield_outside.py:4:1: SyntaxError: 'yield' outside function
yield 5
