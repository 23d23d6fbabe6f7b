# badinput: unpack non iterable
# expect-exit: 1
# expect-stderr: TypeError: cannot unpack non-iterable int object
a, b = 5
