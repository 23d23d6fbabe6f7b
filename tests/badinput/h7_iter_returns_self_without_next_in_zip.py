# badinput: zip over an object whose __iter__ returns a non-iterator
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'int'
class It:
    def __iter__(self): return 5
zip([1], It())
