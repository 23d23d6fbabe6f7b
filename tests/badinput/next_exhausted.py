# badinput: next() of an exhausted iterator
# expect-exit: 1
# expect-stderr: StopIteration
it = iter([1])
next(it)
next(it)
