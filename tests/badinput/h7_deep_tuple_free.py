# badinput: freeing a tuple nested 300,000 deep
# expect-exit: 0
# expect-stdout: freed
x = ()
for i in range(300000):
    x = (x,)
x = None
print('freed')
