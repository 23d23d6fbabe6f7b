# badinput: pow modular neg noninv (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: base is not invertible for the given modulus
print(pow(2, -1, 4))
