# badinput: bytearray from an iterable whose __len__ lies
# expect-exit: 0
# expect-stdout: bytearray(b'\x01\x02\x03')
class L:
    def __len__(self): return 10**12
    def __iter__(self): return iter([1, 2, 3])
print(bytearray(L()))
