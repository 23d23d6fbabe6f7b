# badinput: shifting right by a huge count is 0 or -1
# expect-exit: 0
# expect-stdout: 0 -1 0 0
print(12345 >> 10**20, -12345 >> 10**20, (10**30) >> 2**70, 0 << 10**20)
