# badinput: lshift variable giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: an int of about 1000000000001 bits is over Kiln's limit of 16777216 bits for one int (hint: use floats, math.log, or modular pow(a, b, m))
n = 10**12
x = 1 << n
