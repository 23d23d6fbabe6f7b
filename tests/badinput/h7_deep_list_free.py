# badinput: freeing a list nested 300,000 deep (CPython's trashcan frees it iteratively)
# expect-exit: 0
# expect-stdout: freed
x = None
for i in range(300000):
    x = [x]
del x
print('freed')
