# badinput: list() asks __len__ for its length hint as CPython does: its ValueError propagates (a TypeError would be ignored)
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class Negative:
    def __iter__(self):
        return iter([1, 2])
    def __len__(self):
        return -1
class Untyped:
    def __iter__(self):
        return iter([1, 2])
    def __len__(self):
        return "two"
print(list(Untyped()))
print(list(Negative()))
