# badinput: __iter__ returns a list
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'list'
class A:
    def __iter__(self):
        return [1, 2]
for x in A():
    pass
