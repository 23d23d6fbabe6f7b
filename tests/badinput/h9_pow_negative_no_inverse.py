# badinput: pow(2, -1, 4): no modular inverse
# expect-exit: 1
# expect-stderr: ValueError: base is not invertible for the given modulus
pow(2, -1, 4)
