# badinput: issubclass(obj, checker) with a non-class first argument (a mutated program's tuple): CPython asks the second argument's __subclasscheck__ first, and only the built-in check says 'arg 1 must be a class' (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: False True True|TypeError: issubclass() arg 1 must be a class|TypeError: issubclass() arg 1 must be a class|TypeError: issubclass() arg 1 must be a class|TypeError: issubclass() arg 2 must be a class, a tuple of classes, or a union
class Evens:
    def __subclasscheck__(self, cls):
        return cls is bool
class Meta(type):
    def __subclasscheck__(cls, sub):
        return sub == "yes"
class M(metaclass=Meta):
    pass
e = Evens()
out = [f"{issubclass((1, 2), e)} {issubclass(bool, e)} {issubclass('yes', M)}"]
for args in [(1, int), (1, (M, str)), ((1,), e.__class__), (int, 5)]:
    try:
        out.append(str(issubclass(*args)))
    except TypeError as ex:
        out.append(f"TypeError: {ex}")
print("|".join(out))
