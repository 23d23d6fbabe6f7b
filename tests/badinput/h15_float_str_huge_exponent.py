# badinput: float() of a string with a 20-digit exponent: inf and -0.0, no overflow error
# expect-exit: 0
# expect-stdout: -0.0
print(float("1e999999999999999999"))
print(float("-1e-999999999999999999"))
