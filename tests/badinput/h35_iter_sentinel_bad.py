# badinput: Python misuse: iter sentinel bad
# expect-exit: 1
# expect-stderr: TypeError: iter(object, sentinel): object must be callable
iter(5, 0)
