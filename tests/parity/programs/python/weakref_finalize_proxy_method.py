# weakref.finalize calls its function once: when the object is freed, when called, or at the
# program's end (atexit); detach and peek. weakref.proxy forwards attributes and operators until the
# referent dies, then raises ReferenceError. WeakMethod holds a bound method without keeping its
# object alive: an observer list that does not keep observers alive.
import weakref


class Res:
    def __init__(self, name):
        self.name = name


def closed(name):
    print("closed", name)


r = Res("a")
f = weakref.finalize(r, closed, "a")
print(f.alive, f.peek()[0] is r, f.peek()[2:], f.atexit)
del r
print(f.alive, f())

r2 = Res("b")
f2 = weakref.finalize(r2, closed, "b")
print(f2(), f2.alive, f2())
r3 = Res("c")
f3 = weakref.finalize(r3, closed, "c")
det = f3.detach()
print(det[0] is r3, det[1] is closed, det[2:], f3.alive, f3.detach())
del r3
r4 = Res("at exit")
weakref.finalize(r4, closed, "at exit")
r5 = Res("not at exit")
f5 = weakref.finalize(r5, closed, "not at exit")
f5.atexit = False

p = weakref.proxy(Res("tmp"))
try:
    p.name
except ReferenceError as e:
    print("ReferenceError:", e)


class B:
    def __init__(self):
        self.v = 3

    def m(self):
        return self.v * 2

    def __len__(self):
        return 7

    def __add__(self, o):
        return 10 + o

    def __getitem__(self, i):
        return i * 100


b = B()
p = weakref.proxy(b)
print(p.v, p.m(), len(p), p + 1, p[2], type(p).__name__, weakref.getweakrefcount(b))
p.v = 9
print(b.v)
try:
    hash(p)
except TypeError as e:
    print(e)
del b
for expr in (lambda: p.v, lambda: len(p)):
    try:
        expr()
    except ReferenceError as e:
        print("ReferenceError:", e)


def fun():
    return 42


pf = weakref.proxy(fun)
print(pf(), type(pf).__name__)


class Button:
    def __init__(self):
        self.handlers = []

    def connect(self, method):
        self.handlers.append(weakref.WeakMethod(method))

    def click(self):
        for h in self.handlers:
            m = h()
            print("handler:", m() if m is not None else "dead")


class View:
    def __init__(self, name):
        self.name = name

    def on_click(self):
        return "clicked " + self.name


btn = Button()
v1, v2 = View("v1"), View("v2")
btn.connect(v1.on_click)
btn.connect(v2.on_click)
btn.click()
del v1
btn.click()
wm = weakref.WeakMethod(v2.on_click, lambda w: print("method died, call gives", w()))
print(wm == weakref.WeakMethod(v2.on_click))
del v2
try:
    weakref.WeakMethod(fun)
except TypeError as e:
    print(e)
print("end")
