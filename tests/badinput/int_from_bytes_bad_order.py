# badinput: int from bytes bad order (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: byteorder must be either 'little' or 'big'
print(int.from_bytes(b'\x01', 'middle'))
