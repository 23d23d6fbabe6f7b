# badinput: next on 100,000 nested zip iterators
# expect-exit: 0
it = iter([1])
for i in range(100000):
    it = zip(it)
next(it)
