# badinput: import * inside a function
# expect-exit: 1
# expect-stderr: SyntaxError: import * only allowed at module level
def f():
    from math import *
