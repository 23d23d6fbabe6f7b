# badinput: round(1.5, 10**10)
# expect-exit: 0
# expect-stdout: 1.5
print(round(1.5, 10**10))
