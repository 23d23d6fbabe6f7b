# badinput: a data descriptor without __get__ is returned itself
# expect-exit: 0
# expect-stdout: D
class D:
    def __set__(self, obj, v):
        print("set", v)
class C:
    x = D()
c = C()
c.x = 3
print(type(c.x).__name__)
