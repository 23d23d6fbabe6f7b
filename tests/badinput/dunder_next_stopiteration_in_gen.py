# badinput: dunder next stopiteration in gen (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def g():
    yield 1
    raise StopIteration
print(list(g()))
