# badinput: Python misuse: isinstance bad second
# expect-exit: 1
# expect-stderr: TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union
isinstance(1, 5)
