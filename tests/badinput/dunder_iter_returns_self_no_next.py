# badinput: __iter__ returns self but the class has no __next__
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'It'
class It:
    def __iter__(self):
        return self
list(It())
