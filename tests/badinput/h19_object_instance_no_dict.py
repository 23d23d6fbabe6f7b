# badinput: the __dict__ of a bare object() (an empty dict before; CPython's object has none) and vars() of it
# expect-exit: 1
# expect-stderr: AttributeError: 'object' object has no attribute '__dict__'
class A:
    pass
a = A()
a.x = 1
print(a.__dict__, vars(a), hasattr(object(), "__dict__"))
try:
    vars(object())
except TypeError as e:
    print(e)
object().__dict__
