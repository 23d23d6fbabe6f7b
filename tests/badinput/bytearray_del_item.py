# badinput: del on a bytearray item, slice and an index past 64 bits
# expect-exit: 1
# expect-stdout: bytearray(b'ce')
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
x = bytearray(b"abcdef")
del x[0]
del x[-1]
del x[::2]
print(x)
del x[2**64]
