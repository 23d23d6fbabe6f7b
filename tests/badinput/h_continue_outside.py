# badinput: continue outside (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: 'continue' not properly in loop
continue
