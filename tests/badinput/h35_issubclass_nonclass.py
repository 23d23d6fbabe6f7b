# badinput: Python misuse: issubclass nonclass
# expect-exit: 1
# expect-stderr: TypeError: issubclass() arg 1 must be a class
issubclass(1, int)
