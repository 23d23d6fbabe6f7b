# badinput: assigning a function's __code__, __defaults__, __kwdefaults__, __name__, __qualname__: Kiln stored them as plain attributes, so calls ignored a new __defaults__ or __code__ (silently old results) and any value was accepted; CPython's setters type-check (TypeError), check the free-variable count (ValueError) and take effect (h12 language sweep; values as python3.12 prints them)
# expect-exit: 1
# expect-stdout: (0, 5) ('g', 0, 5) renamed r.q 7 |__code__ must be set to a code object|__name__ must be set to a string object|__qualname__ must be set to a string object|__defaults__ must be set to a tuple object|__kwdefaults__ must be set to a dict object
# expect-stderr: ValueError: f() requires a code object with 0 free vars, not 1
def f(a, b=1):
    return (a, b)


def g(a, b=1):
    return ("g", a, b)


def k(*, c=0):
    return c


f.__defaults__ = (5,)
r1 = f(0)
f.__code__ = g.__code__
r2 = f(0)
f.__name__ = "renamed"
f.__qualname__ = "r.q"
k.__kwdefaults__ = {"c": 7}
out = [f"{r1} {r2} {f.__name__} {f.__qualname__} {k()} "]
for attr, val in (("__code__", None), ("__name__", 1), ("__qualname__", 2), ("__defaults__", 3), ("__kwdefaults__", 4)):
    try:
        setattr(f, attr, val)
        out.append("accepted")
    except TypeError as e:
        out.append(str(e))
print("|".join(out))


def outer():
    x = 1

    def inner():
        return x
    return inner


f.__name__ = "f"
f.__code__ = outer().__code__
