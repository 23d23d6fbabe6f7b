# badinput: Python misuse: memoryview release use
# expect-exit: 1
# expect-stderr: ValueError: operation forbidden on released memoryview object
m = memoryview(b"abc")
m.release()
m[0]
