# badinput: freeing a dict nested 500,000 deep
# expect-exit: 0
# expect-stdout: freed
x = {}
for i in range(500000):
    x = {'k': x}
x = None
print('freed')
