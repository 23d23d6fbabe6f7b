# badinput: freeing 100,000 suspended generators each holding the previous
# expect-exit: 0
# expect-stdout: freed
def gen(prev):
    yield prev
g = None
for i in range(100000):
    g = gen(g)
    next(g)
g = None
print('freed')
