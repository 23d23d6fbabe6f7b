# badinput: 1e99999999999999999999 is inf
# expect-exit: 0
# expect-stdout: inf
x=1e99999999999999999999
print(x)
