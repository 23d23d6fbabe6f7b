# badinput: freeing 100,000 closures each capturing the previous
# expect-exit: 0
# expect-stdout: freed
f = None
for i in range(100000):
    def g(prev=f):
        return prev
    f = g
f = None
print('freed')
