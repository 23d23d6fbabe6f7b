# badinput: __next__ set to a non-callable
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
class It:
    __next__ = 5
    def __iter__(self): return self
for x in It(): pass
