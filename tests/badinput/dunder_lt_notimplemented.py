# badinput: __lt__ returns NotImplemented both ways
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'A' and 'A'
class A:
    def __lt__(self, other):
        return NotImplemented
A() < A()
