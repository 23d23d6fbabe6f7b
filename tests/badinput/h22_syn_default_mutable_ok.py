# badinput: a trailing comma in a call is fine
# expect-exit: 0
# expect-stdout: 1 2
print(1, 2,)
