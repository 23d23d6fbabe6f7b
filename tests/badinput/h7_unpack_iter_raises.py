# badinput: unpacking an object whose iterator raises midway
# expect-exit: 1
# expect-stderr: MemoryError: unpack
def g():
    yield 1
    raise MemoryError('unpack')
a, b = g()
