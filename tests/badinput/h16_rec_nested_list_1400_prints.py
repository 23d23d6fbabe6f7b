# badinput: a list nested 1400 deep prints (CPython's C limit is 1500)
# expect-exit: 0
# expect-stdout: 7002
l = []
for i in range(1400):
    l = [l]
print(len(repr(l)), len(str(l)))
d = {}
for i in range(1400):
    d = {1: d}
print(len(repr(d)))
