# badinput: Python misuse: bytearray resize view
# expect-exit: 1
# expect-stderr: BufferError: Existing exports of data: object cannot be re-sized
b = bytearray(b"abc")
m = memoryview(b)
b.append(1)
