# badinput: del a[::2**70] clamps the step
# expect-exit: 0
# expect-stdout: [2, 3]
a = [1, 2, 3]
del a[::2**70]
print(a)
