# badinput: rshift huge negative (issue 31 sweep)
# expect-exit: 0
# expect-stdout: -1 0
print(-5 >> 10**30, 5 >> 10**30)
