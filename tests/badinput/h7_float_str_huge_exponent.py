# badinput: float of a string with a huge exponent is inf
# expect-exit: 0
# expect-stdout: inf -0.0
print(float('1e99999999999999999999'), float('-1e-99999999999999999999'))
