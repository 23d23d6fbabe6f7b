# PEP 709 (CPython 3.12): list, set and dict comprehensions run inside the frame that holds them.
# Tracebacks show no '<listcomp>' entry (the failing line is the enclosing function's, with the
# comprehension's position), sys._getframe() and f_back skip them, locals() inside one shows the
# enclosing function's variables with the comprehension's; generator expressions keep their frame.
import re
import sys
import traceback


def entries(exc):
    out = []
    tb = exc.__traceback__
    while tb:
        out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return out


def listcomp(xs):
    return [1 // x for x in xs]


def dictcomp():
    return {x: 1 // x for x in [0]}


def setcomp():
    return {1 // x for x in [0]}


def nested():
    return [[1 // y for y in range(x)] for x in [2, 1, 0, 1]] + [[1 // (x - 1) for _ in range(1)] for x in [2, 1]]


def genexpr():
    return list(1 // x for x in [0])


for fn in (lambda: listcomp([1, 0]), dictcomp, setcomp, nested, genexpr):
    try:
        fn()
    except ZeroDivisionError as e:
        print([name for name, _ in entries(e)][1:])
        print(''.join(traceback.format_exception_only(type(e), e)).strip())
        print([(f.name, f.line) for f in traceback.extract_tb(e.__traceback__)][1:])


def names():
    here = [sys._getframe().f_code.co_name for _ in range(1)]
    back = [sys._getframe(1).f_code.co_name for _ in range(1)]
    inner = [[sys._getframe().f_code.co_name for _ in range(1)] for _ in range(1)]
    gen = list(sys._getframe().f_code.co_name for _ in range(1))
    return here, back, inner, gen


print(names())
print([sys._getframe().f_code.co_name for _ in range(1)])


def with_locals(a):
    y = 5
    r = [sorted(locals()) for x in range(1)]
    nested = [[sorted(locals()) for w in range(1)] for x in range(1)]
    return r, nested


print(with_locals(1))
print([sorted(k for k in locals() if not k.startswith('__'))[-2:] for x in range(1)])

x = 'outer'
squares = [x * x for x in range(3)]
print(x, squares)


def no_leak():
    total = [i for i in range(3)]
    try:
        print(i)
    except NameError as e:
        print('NameError', e)
    return total


print(no_leak())


class C:
    v = 3
    w = [v2 for v2 in range(2)]
    try:
        z = [v for _ in range(2)]
    except NameError as e:
        print('NameError', e)


print(C.w, [f() for f in [lambda: i for i in range(3)]])

try:
    [1 // x for x in [0]]
except ZeroDivisionError:
    # one entry for the module, the comprehension's carets (file names vary with the run)
    print(re.sub(r'File "[^"]*"', 'File "F"', traceback.format_exc()))
