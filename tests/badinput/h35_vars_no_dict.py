# badinput: Python misuse: vars no dict
# expect-exit: 1
# expect-stderr: TypeError: vars() argument must have __dict__ attribute
vars(5)
