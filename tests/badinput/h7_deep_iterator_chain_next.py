# badinput: next() through 30,000 nested map iterators gives the item or a RecursionError, never a C stack overflow (CPython 3.11 segfaults)
# expect-exit: 0
# expect-stdout: 1
it = iter([1])
for i in range(30000):
    it = map(abs, it)
print(next(it))
