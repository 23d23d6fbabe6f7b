# Decorators with and without arguments, stacked decorators.
log = []
def trace(fn):
    def wrapper(*args, **kwargs):
        log.append("call " + fn.__name__)
        result = fn(*args, **kwargs)
        log.append("ret " + str(result))
        return result
    return wrapper
@trace
def add(a, b):
    return a + b
print(add(2, 3), add(b=1, a=1))
print(log)
def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco
@repeat(3)
def hello(name):
    return "hi " + name
print(hello("x"))
def tag(label):
    def deco(fn):
        def wrapper(x):
            return "<" + label + ">" + fn(x) + "</" + label + ">"
        return wrapper
    return deco
@tag("b")
@tag("i")
def text(s):
    return s.upper()
print(text("bold"))
registry = {}
def register(fn):
    registry[fn.__name__] = fn
    return fn
@register
def one():
    return 1
@register
def two():
    return 2
print(sorted(registry), registry['two']())
class Counted:
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0
    def __call__(self, *a):
        self.calls += 1
        return self.fn(*a)
@Counted
def sq(x):
    return x * x
print(sq(2), sq(3), sq.calls)
