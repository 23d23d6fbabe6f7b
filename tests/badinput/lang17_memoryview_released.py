# badinput: a memoryview used after release()
# expect-exit: 1
# expect-stderr: ValueError: operation forbidden on released memoryview object
m = memoryview(b"abc")
m.release()
print(m[0])
