# badinput: sum where __add__ clears the summed list
# expect-exit: 0
# expect-stdout: A 0
class A:
    def __add__(self, o):
        lst.clear()
        return self
    __radd__ = __add__
lst = [A(), A(), A()]
r = sum(lst)
print(type(r).__name__, len(lst))
