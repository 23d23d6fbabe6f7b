# badinput: Python misuse: map none
# expect-exit: 1
# expect-stderr: TypeError: 'NoneType' object is not callable
list(map(None, [1]))
