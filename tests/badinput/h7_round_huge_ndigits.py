# badinput: round of a float with a huge ndigits is the float itself
# expect-exit: 0
# expect-stdout: 1.5 0.0
print(round(1.5, 10**20), round(1.5, -10**20))
