# badinput: freeing a dict nested 200,000 deep
# expect-exit: 0
# expect-stdout: freed
x = {}
for i in range(200000):
    x = {'k': x}
x = None
print('freed')
