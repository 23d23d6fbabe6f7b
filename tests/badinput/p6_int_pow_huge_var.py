# badinput: int pow huge var (issue 31 sweep 6; CPython runs away or crashes here, Kiln must stop)
# expect-exit: 1
# expect-stderr: MemoryError: an int of about 1000000000001 bits is over Kiln's limit of 16777216 bits for one int (hint: use floats, math.log, or modular pow(a, b, m))
b = 3
e = 10 ** 12
print(b ** e)
