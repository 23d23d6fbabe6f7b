# badinput: a metaclass __call__ returning an int
# expect-exit: 0
# expect-stdout: 42
class M(type):
    def __call__(cls, *a):
        return 42
class C(metaclass=M): pass
print(C())
