# badinput: slices with huge bounds clamp
# expect-exit: 0
# expect-stdout: [] [1, 2] [1] [4] abc
s = [1, 2, 3, 4]
print(s[10**20:], s[-10**20:2], s[::10**20], s[::-10**20], "abc"[-2**70:2**70])
