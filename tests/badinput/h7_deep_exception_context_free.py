# badinput: 100,000 exceptions chained by __context__ freed
# expect-exit: 0
# expect-stdout: freed
e = None
for i in range(100000):
    n = ValueError(i)
    n.__context__ = e
    e = n
e = None
print('freed')
