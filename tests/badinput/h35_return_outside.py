# badinput: Python misuse: return outside
# expect-exit: 1
# expect-stderr: h35_return_outside.py:4:1: SyntaxError: 'return' outside function
return 5
