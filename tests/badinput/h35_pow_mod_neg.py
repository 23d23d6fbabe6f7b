# badinput: Python misuse: pow mod neg
# expect-exit: 1
# expect-stderr: ValueError: base is not invertible for the given modulus
print(pow(2, -1, 4))
