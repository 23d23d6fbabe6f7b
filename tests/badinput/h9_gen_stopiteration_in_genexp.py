# badinput: StopIteration escapes the body of a generator expression
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def first(it):
    return next(it)
print(list(first(iter([])) for _ in range(2)))
