# badinput: a __del__ that stores self in a global (resurrection): it runs once, the object lives on
# expect-exit: 0
# expect-stdout: del once|A|end
class A:
    def __del__(self):
        global keep
        keep = self
        print("del once", end="|")
a = A()
del a
print(type(keep).__name__, end="|")
del keep
print("end")
