# badinput: __iter__ returning an int
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'int'
class A:
    def __iter__(self): return 1
for x in A(): pass
