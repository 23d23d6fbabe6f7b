# inspect's source functions over linecache, as CPython 3.12 gives them: getsource/getsourcelines of
# decorated functions (the block starts at the first decorator: co_firstlineno), one-line defs,
# lambdas, classes found by qualified name (nested, local, decorated), methods, multi-line statements
# and triple-quoted text at column 0 inside a body, comments kept when indented like the body,
# whole modules (line 0), getfile/getsourcefile/getmodule, linecache.getline/getlines, and the
# TypeErrors for built-ins. Printing, source-snapshot and decorator code (numba/triton-style) reads these.
import functools, inspect, linecache, sys
import os


def plain(a, b=2):
    # body comment
    return a + b
    # trailing comment


class Outer:
    """Doc."""

    class Inner:
        def method(self):
            return '''text
at column zero
'''

    @staticmethod
    def static(x):
        return (x +
    1)


def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return f(*a, **k)
    return wrapper


@deco
@functools.lru_cache(
    maxsize=None)
def decorated(n):
    if n < 2:
        return n

    # a comment inside

    return decorated(n - 1) + decorated(n - 2)
    # comment after the last statement


def one_liner(x): return x * 2
square = lambda v: v * v  # a lambda


@functools.total_ordering
class Point:
    def __init__(self, x):
        self.x = x

    def __lt__(self, other):
        return self.x < other.x

    def __eq__(self, other):
        return self.x == other.x


def factory():
    class Local:
        def hello(self):
            return 'hi'
    return Local


print(inspect.getsource(decorated), end='')
print(inspect.getsourcelines(decorated)[1], decorated.__wrapped__.__wrapped__.__code__.co_firstlineno)
print(inspect.getsource(one_liner), end='')
print(inspect.getsource(square), end='')
print(inspect.getsource(Point), end='')
print(inspect.getsourcelines(Point.__lt__)[1])
print(inspect.getsource(plain), end='')
print(inspect.getsource(Outer.Inner), end='')
print(inspect.getsource(Outer.Inner.method), end='')
print(inspect.getsource(Outer.static), end='')
print(inspect.getsource(factory()), end='')
print(inspect.getsourcelines(sys.modules[__name__])[1], len(inspect.getsource(sys.modules[__name__]).splitlines()))
print(os.path.basename(inspect.getfile(plain)), os.path.basename(inspect.getsourcefile(Point)), inspect.getmodule(Outer).__name__)
print(inspect.getmodule(decorated).__name__, os.path.basename(inspect.getfile(Point.__lt__)))
me = inspect.getsourcefile(plain)
print(repr(linecache.getline(me, 1)), repr(linecache.getline(me, 999)), len(linecache.getlines(me)) == len(open(__file__).read().splitlines()))
print(linecache.getlines('no_such_file.py'))
for bad in (len, sys, 3):
    try:
        inspect.getsource(bad)
    except (TypeError, OSError) as e:
        print(type(e).__name__, e)
