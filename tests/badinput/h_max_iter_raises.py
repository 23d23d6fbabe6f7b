# badinput: max iter raises (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: boom in iterator
def g():
    yield 1
    raise ValueError("boom in iterator")
print(max(g()))
