# Generator errors with CPython's messages: re-entry, bad sends, StopIteration in a generator.
def simple():
    yield 1
    yield 2


g = simple()
try:
    g.send("x")
except TypeError as e:
    print("TypeError:", e)
print(next(g))


def reenter():
    yield next(me)


me = reenter()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)
print(list(me))


def leaks_stop():
    yield "before"
    raise StopIteration("leaked")


ls = leaks_stop()
print(next(ls))
try:
    next(ls)
except RuntimeError as e:
    print("RuntimeError:", e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)


def next_on_empty():
    it = iter([])
    yield next(it)


try:
    list(next_on_empty())
except RuntimeError as e:
    print("RuntimeError:", e)


def ignores_exit():
    while True:
        try:
            yield "again"
        except GeneratorExit:
            print("not exiting")


ie = ignores_exit()
next(ie)
try:
    ie.close()
except RuntimeError as e:
    print("RuntimeError:", e)
ie = None

g = simple()
next(g)
try:
    g.throw(123)
except TypeError as e:
    print("TypeError:", e)
try:
    g.throw(ValueError("v"), "extra")
except TypeError as e:
    print("TypeError:", e)
try:
    g.send()
except TypeError as e:
    print("TypeError:", type(e).__name__)
try:
    g.throw(ValueError)
except ValueError as e:
    print("ValueError thrown:", repr(e))
print(list(g))


def raises_in_body(n):
    for k in range(n):
        if k == 2:
            raise IndexError("k is 2")
        yield k


collected = []
try:
    for v in raises_in_body(5):
        collected.append(v)
except IndexError as e:
    print("IndexError:", e, collected)

try:
    a, b = simple(), 1, 2
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = simple()
except ValueError as e:
    print("ValueError:", e)
try:
    a, = simple()
except ValueError as e:
    print("ValueError:", e)
try:
    len(simple())
except TypeError as e:
    print("TypeError:", e)
try:
    simple()[0]
except TypeError as e:
    print("TypeError:", e)
