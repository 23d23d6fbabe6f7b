# Generator expressions are lazy: elements are computed on demand, side effects show the order.
log = []


def note(tag, v):
    log.append(tag + str(v))
    return v


def source(n):
    for k in range(n):
        log.append("src" + str(k))
        yield k


ge = (note("elt", x * 10) for x in source(3))
print("created, log:", log)
print(type(ge).__name__)
print(next(ge), log)
print(next(ge), log)
print(list(ge), log)
print(list(ge), "exhausted")

log.clear()
ge2 = (note("a", x) for x in source(5) if note("test", x) % 2 == 0)
for v in ge2:
    print("got", v)
    if v >= 2:
        break
print(log)

log.clear()
pairs = ((x, y) for x in source(2) for y in "ab")
print(next(pairs), log)
print(list(pairs), log)


def outer_iter():
    print("outermost iterable evaluated now")
    return [1, 2, 3]


lazy = (print("body for", x) or x for x in outer_iter())
print("before consuming")
print(sum(lazy))

try:
    bad = (x for x in 5)
except TypeError as e:
    print("TypeError at creation:", e)

late = (1 / x for x in [1, 0])
print("creation fine")
print(next(late))
try:
    next(late)
except ZeroDivisionError as e:
    print("ZeroDivisionError on demand:", e)
print(list(late))

scale = 2
scaled = (x * scale for x in range(3))
scale = 5
print(list(scaled))

x = "outer x"
squares = list(x * x for x in range(4))
print(squares, x)

nested = (sum(y for y in range(x)) for x in range(5))
print(list(nested))

gens = [(i * j for j in range(3)) for i in range(3)]
print([list(g) for g in gens])


def first_match(items, pred):
    return next((it for it in items if pred(it)), "none")


print(first_match([1, 4, 9, 16], lambda v: v > 5))
print(first_match([1, 4], lambda v: v > 5))

big = (k for k in range(10 ** 12))
print(next(big), next(big), next(big))
