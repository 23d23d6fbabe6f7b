# badinput: round of a big int to a negative ndigits
# expect-exit: 0
# expect-stdout: 100000000000000000000000000000000000000000000000000
print(round(10**50 + 7, -49))
