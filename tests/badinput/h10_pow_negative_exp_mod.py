# badinput: pow negative exp mod
# expect-exit: 1
# expect-stderr: ValueError: base is not invertible for the given modulus
pow(2, -1, 4)
