# badinput: list slice giant step (issue 31 sweep)
# expect-exit: 0
# expect-stdout: [0] [9] [] [0, 1]
l = list(range(10))
print(l[::10**30], l[::-10**30], l[10**30:], l[-10**30:2])
