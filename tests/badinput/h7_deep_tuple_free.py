# badinput: freeing a tuple nested 1,000,000 deep
# expect-exit: 0
# expect-stdout: freed
x = ()
for i in range(1000000):
    x = (x,)
x = None
print('freed')
