# badinput: freeing a list nested 1,000,000 deep (CPython's trashcan frees it iteratively)
# expect-exit: 0
# expect-stdout: freed
x = None
for i in range(1000000):
    x = [x]
del x
print('freed')
