# CPython 3.12's position markers under traceback source lines: '^' under the failing
# instruction's span unless it covers the whole line; for a one-line binary operation or subscript,
# '~' under the operands and '^' under the operator or the brackets; a span over several lines is
# underlined to the end of its first line. format_exc() prints them as the uncaught printer does
# (the "File" lines are left out here: they hold the interpreter's own paths).
import traceback


def f(x):
    return x + 1


def g(d):
    return d['k']


class O:
    pass


def add(a, b):
    return a  +  b


def floor(a, b):
    return a // b


cases = [
    lambda: f('s'),
    lambda: g({}),
    lambda: O().attr,
    lambda: [1][5],
    lambda: undefined_name,
    lambda: int('x'),
    lambda: (1,
             2)[5],
    lambda: O().meth(),
    lambda: f(None) * 2,
    lambda: {'a': 1}['b'] + 1,
    lambda: 1 / 0,
    lambda: (1) / 0,
    lambda: floor(1, 0),
    lambda: add('a', 1),
    lambda: [[1]][0][2],
    lambda: {'é': 1}['ü'],
    lambda: [1, 2][
        7],
]


def show():
    print(''.join(line for line in traceback.format_exc().splitlines(True) if not line.startswith('  File')))


for c in cases:
    try:
        c()
    except Exception:
        show()


def h():
    a = 1
    b = 'x'
    c = a + b
    return c


try:
    h()
except Exception:
    show()
try:
    x = f(None)
except Exception:
    show()
try:
    x, y = [1, 2, 3]
except Exception:
    show()
try:
    from sys import zzzzqqq
except ImportError:
    show()
try:
    print(max([]))
except ValueError:
    show()
