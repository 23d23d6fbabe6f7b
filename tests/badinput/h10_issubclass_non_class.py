# badinput: issubclass non class
# expect-exit: 1
# expect-stderr: TypeError: issubclass() arg 1 must be a class
issubclass(5, int)
