# badinput: a negative exponent with a modulus the base shares a factor with
# expect-exit: 1
# expect-stdout: 3 -3
# expect-stderr: ValueError: base is not invertible for the given modulus
print(pow(3, -1, 8), pow(3, -1, -5))
pow(2, -1, 4)
