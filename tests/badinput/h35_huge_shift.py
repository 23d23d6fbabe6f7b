# badinput: Python misuse: huge shift
# expect-exit: 1
# expect-stderr: MemoryError: an int of about 1099511627777 bits is over Kiln's limit of 16777216 bits for one int (hint: use floats, math.log, or modular pow(a, b, m))
print(1 << (1 << 40))
