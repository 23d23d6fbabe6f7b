# badinput: a bytearray resized while a memoryview exports it
# expect-exit: 1
# expect-stderr: BufferError: Existing exports of data: object cannot be re-sized
buf = bytearray(b"abc")
view = memoryview(buf)
buf.extend(b"def")
