# badinput: an exception whose __repr__ returns an int, printed inside a list
# expect-exit: 1
# expect-stderr: TypeError: __repr__ returned non-string (type int)
class E(Exception):
    def __repr__(self):
        return 5
print([E()])
