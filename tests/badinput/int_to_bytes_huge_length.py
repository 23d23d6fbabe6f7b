# badinput: int to bytes huge length (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: to_bytes: length over Kiln's 1 GiB limit
b = (1).to_bytes(10**12, 'big')
