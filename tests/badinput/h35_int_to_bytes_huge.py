# badinput: Python misuse: int to bytes huge
# expect-exit: 1
# expect-stderr: MemoryError: to_bytes: length over Kiln's 1 GiB limit
x = (1).to_bytes(10**12, "big")
