# badinput: iter(callable, sentinel) whose callable raises StopIteration: the iteration just ends
# expect-exit: 0
# expect-stdout: []
it = iter(lambda: next(iter([])), None)
print(list(it))
