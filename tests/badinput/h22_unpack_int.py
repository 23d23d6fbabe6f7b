# badinput: unpacking an int
# expect-exit: 1
# expect-stderr: TypeError: cannot unpack non-iterable int object
a, b = 1
