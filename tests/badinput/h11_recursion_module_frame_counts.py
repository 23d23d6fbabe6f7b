# badinput: a mutated real program's finally clause printed 1000 unwinds where CPython 3.12 prints 999: the module frame counts toward the recursion limit (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: 999 998 49
import sys
def f(n):
    try:
        return f(n + 1)
    except RecursionError:
        return n
def g():
    return f(1)
a, b = f(1), g()
sys.setrecursionlimit(50)
print(a, b, f(1))
