# badinput: __length_hint__ returning -1 to list(): ValueError (Kiln ignored it) (h14 sweep)
# expect-exit: 1
# expect-stderr: ValueError: __length_hint__() should return >= 0
class I:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
    def __length_hint__(self): return -1
list(I())
