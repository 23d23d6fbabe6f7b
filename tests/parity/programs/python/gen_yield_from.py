# yield from: delegation of next/send/throw/close, the sub-generator's return value, iterables.
def inner(tag):
    got = yield tag + ":1"
    print("inner", tag, "got", got)
    got = yield tag + ":2"
    print("inner", tag, "got", got)
    return tag.upper()


def outer():
    a = yield from inner("a")
    print("outer got", a)
    b = yield from inner("b")
    print("outer got", b)
    return a + b


o = outer()
print(next(o))
print(o.send(10))
print(o.send(20))
print(o.send(30))
try:
    o.send(40)
except StopIteration as e:
    print("outer returned", e.value)


def chain(*iterables):
    for it in iterables:
        yield from it


print(list(chain([1, 2], (3,), "ab", range(2), {"k": 1})))


def flatten(items):
    for x in items:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x


print(list(flatten([1, [2, [3, [4, 5]], 6], [[7]]])))


def guarded():
    try:
        yield "g1"
        yield "g2"
    except KeyError as e:
        print("guarded caught", repr(e))
        yield "g-recovered"
        return "g-done"
    finally:
        print("guarded finally")


def delegator():
    r = yield from guarded()
    print("delegator got", r)
    yield "d-after"


d = delegator()
print(next(d))
print(d.throw(KeyError("k")))
print(next(d))
print(list(d))

d = delegator()
print(next(d))
d.close()
print("delegator closed")


def raiser():
    yield 1
    raise ValueError("from inner")


def wrapper():
    try:
        yield from raiser()
    except ValueError as e:
        print("wrapper caught", e)
        yield "w-recovered"


print(list(wrapper()))


def stubborn():
    try:
        yield "s"
    except IndexError:
        return "handled"


def wrap2():
    r = yield from stubborn()
    yield "wrap2 got " + r


w = wrap2()
print(next(w))
print(w.throw(IndexError))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


def uses_class():
    r = yield from Countdown(3)
    print("class iterator result", r)


print(list(uses_class()))


def depth(n):
    if n == 0:
        yield "bottom"
        return 0
    r = yield from depth(n - 1)
    yield "level " + str(n)
    return r + 1


dg = depth(3)
items = []
while True:
    try:
        items.append(next(dg))
    except StopIteration as e:
        items.append(e.value)
        break
print(items)
