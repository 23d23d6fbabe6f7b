# badinput: Python misuse: huge pow
# expect-exit: 1
# expect-stderr: MemoryError: an int of about 10000000001 bits is over Kiln's limit of 16777216 bits for one int (hint: use floats, math.log, or modular pow(a, b, m))
print(2 ** (10 ** 10))
