# badinput: pow(3, 10**12) with the exponent from a variable
# expect-exit: 1
# expect-stderr: MemoryError
e = 10**12
x = pow(3, e)
