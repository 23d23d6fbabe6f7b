# badinput: __iter__ returns an int
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'int'
class It:
    def __iter__(self):
        return 42
for x in It():
    pass
