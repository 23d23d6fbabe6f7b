# badinput: 300,000 nested map iterators freed without being consumed
# expect-exit: 0
# expect-stdout: freed
it = iter([1])
for i in range(300000):
    it = map(abs, it)
it = None
print('freed')
