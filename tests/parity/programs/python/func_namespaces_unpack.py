# Namespaces and unpacking: globals()/locals(), global/nonlocal, del of names/attributes/items,
# star-unpacking in assignments, literals and calls, __name__/__file__, try/else/finally, with.

counter = 0


def bump(n):
    global counter
    counter += n
    return counter


def make_acc():
    total = 0

    def add(x):
        nonlocal total
        total += x
        return total

    return add


acc = make_acc()
print(bump(2), bump(3), counter, acc(1), acc(10))

g = globals()
print(g["counter"], "bump" in g, g["__name__"], type(g).__name__)
g["made_here"] = 99
print(made_here)
g["counter"] = 7
print(counter)
del g["made_here"]
try:
    print(made_here)
except NameError as e:
    print("NameError:", e)


def show_locals(a, b=2, *rest, k=3, **kw):
    c = a + b
    return sorted(locals())


print(show_locals(1), show_locals(1, 2, 3, k=4, z=5))


def closure_locals():
    x = 1

    def inner():
        return x

    y = inner()
    return sorted(locals().items(), key=lambda kv: kv[0])[1:]


print(closure_locals())
print(__name__ == "__main__", __file__.endswith("func_namespaces_unpack.py"))
if __name__ == "__main__":
    print("running as main")

first, *middle, last = range(6)
*init, tail = "abc"
head, *empty = [1]
(p, q), *more = [(1, 2), 3, 4]
print(first, middle, last, init, tail, head, empty, p, q, more)
xs = [1, 2]
ys = (3, 4)
print([*xs, *ys, 5], (*xs, *ys), [*"hi", *range(2)], {**{"a": 1, "b": 2}, **{"b": 3}, "c": 4})


def collect(*args, **kwargs):
    return args, sorted(kwargs.items())


opts = {"x": 1}
print(collect(*xs, 0, *ys, **opts, y=2, **{"z": 3}))
try:
    collect(**{"x": 1}, x=2)
except TypeError as e:
    print("TypeError:", e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError:", e)


class Box:
    pass


box = Box()
box.a = 1
box.b = 2
del box.a
items = [0, 1, 2, 3, 4, 5]
del items[0], items[-1]
del items[1:3]
d = {"k": 1, "j": 2}
del d["k"]
name = "temp"
del name
print(vars(box), items, d, "name" in globals())
for bad in ["del box.zz", "del items[10]", "del d['zz']"]:
    try:
        if bad == "del box.zz":
            del box.zz
        elif bad == "del items[10]":
            del items[10]
        else:
            del d["zz"]
    except (AttributeError, IndexError, KeyError) as e:
        print(type(e).__name__, e)


def flow(n):
    out = []
    try:
        if n == 0:
            raise ValueError("zero")
        out.append("try")
    except ValueError as e:
        out.append("except " + str(e))
    else:
        out.append("else")
    finally:
        out.append("finally")
    return out


print(flow(0), flow(1))
