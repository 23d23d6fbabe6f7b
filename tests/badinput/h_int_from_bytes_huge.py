# badinput: int from bytes huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: int too big to convert
# expect-stdout: -1
print(int.from_bytes(b"\xff" * 10, "little", signed=True))
print((2**70).to_bytes(2, "big"))
