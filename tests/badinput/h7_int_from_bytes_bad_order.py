# badinput: int.from_bytes with a bad byteorder
# expect-exit: 1
# expect-stderr: ValueError: byteorder must be either 'little' or 'big'
int.from_bytes(b'\x01', 'middle')
