# Renaming a class after creation (__name__, __qualname__, __module__) and reading __module__ through
# an instance, as code generators (torch.fx's GraphModule) do.


class A:
    def hello(self):
        return "hi from " + type(self).__name__


a = A()
print(A.__name__, A.__qualname__, A.__module__, a.__module__)
A.__name__ = "Renamed"
print(A.__name__, A.__qualname__, repr(A))
print(a.hello(), type(a).__name__)
A.__qualname__ = "Outer.Renamed"
print(A.__qualname__, repr(A))
A.__module__ = "mymod"
print(A.__module__, a.__module__, repr(A))
for bad in (3, None):
    try:
        A.__name__ = bad
    except TypeError as e:
        print("TypeError", e)
try:
    A.__qualname__ = 1.5
except TypeError as e:
    print("TypeError", e)


def make(name):
    class Impl(A):
        pass
    Impl.__name__ = name
    return Impl


B = make("Bee")
C = make("Sea")
print(B.__name__, C.__name__, B().hello(), C().hello(), B is C, issubclass(B, A))
print(len((1).__class__.__name__), int.__name__)
try:
    int.__name__ = "integer"
except TypeError as e:
    print("TypeError", e)
