# Generator introspection as CPython 3.12 gives it: gi_frame (the frame while the generator can
# still run, None once it finished), its f_locals/f_lineno/f_code and f_back (None while suspended),
# gi_running (True only inside), gi_suspended, gi_code, gi_yieldfrom (the sub-iterator of a
# `yield from`), and inspect.getgeneratorstate/getgeneratorlocals through the four states; plus
# instances of classes with only __slots__ having no __dict__ (vars() and the AttributeError texts).
import inspect


def counter(n):
    total = 0
    for i in range(n):
        total += i
        yield total
    return total


def inner():
    yield 'a'
    yield 'b'


def outer():
    got = yield from inner()
    yield got


g = counter(3)
print(inspect.getgeneratorstate(g), inspect.getgeneratorlocals(g))
print(g.gi_frame is not None, g.gi_running, g.gi_suspended, g.gi_code.co_name, g.gi_code is counter.__code__)
print(next(g), inspect.getgeneratorstate(g), inspect.getgeneratorlocals(g))
fr = g.gi_frame
print(fr.f_code.co_name, fr.f_lineno, fr.f_back, sorted(fr.f_locals))
print(next(g), g.gi_frame.f_locals['total'], g.gi_frame.f_lineno)
print(list(g), inspect.getgeneratorstate(g), g.gi_frame, inspect.getgeneratorlocals(g), g.gi_suspended)


def watcher():
    me = yield
    yield me.gi_running, inspect.getgeneratorstate(me), me.gi_frame.f_code.co_name


w = watcher()
next(w)
print(w.send(w))
w.close()
print(inspect.getgeneratorstate(w), w.gi_frame)

o = outer()
print(o.gi_yieldfrom)
print(next(o), type(o.gi_yieldfrom).__name__, o.gi_yieldfrom.gi_code.co_name)
print(next(o), next(o), o.gi_yieldfrom)
o.close()
print(inspect.getgeneratorstate(o))

c = counter(2)
c.close()
print(inspect.getgeneratorstate(c), c.gi_frame)
ge = (x * 2 for x in range(3))
print(ge.gi_code.co_name, inspect.getgeneratorstate(ge), next(ge), sorted(inspect.getgeneratorlocals(ge)))
try:
    inspect.getgeneratorlocals([1])
except TypeError as e:
    print('TypeError', e)


class Point:
    __slots__ = ('x', 'y')

    def __init__(self, x, y):
        self.x, self.y = x, y


class Point3(Point):
    __slots__ = ('z',)


class Loose(Point):
    pass


class Both:
    __slots__ = ('a', '__dict__')


for obj in (Point(1, 2), Point3(1, 2), Loose(1, 2), Both()):
    print(type(obj).__name__, hasattr(obj, '__dict__'))
p = Point(1, 2)
for attempt in (lambda: p.__dict__, lambda: vars(p), lambda: setattr(p, '__dict__', {}),
                lambda: setattr(p, 'z', 3), lambda: vars(1, 2), lambda: vars(3)):
    try:
        print(attempt())
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
b = Both()
b.extra = 1
print(vars(b), b.__dict__)
import copy
q = Point3(5, 6)
q.z = 7
c1, c2 = copy.copy(q), copy.deepcopy(q)
print(c1.x, c1.y, c1.z, c2.x, c2.y, c2.z, type(c2).__name__)


def local_vars():
    a = 1
    b = 'two'
    return sorted(vars())


print(local_vars())
