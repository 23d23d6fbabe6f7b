# badinput: issubclass non class (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: issubclass() arg 1 must be a class
print(issubclass(1, int))
