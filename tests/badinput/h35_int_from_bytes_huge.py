# badinput: Python misuse: int from bytes huge
# expect-exit: 1
# expect-stderr: MemoryError: int.from_bytes() would be an int of about 800000000 bits, over Kiln's limit of 16777216 bits for one int
x = int.from_bytes(b"\xff" * (10**8), "big")
