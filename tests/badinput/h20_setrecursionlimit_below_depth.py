# badinput: sys.setrecursionlimit below the depth already reached: CPython 3.12 refuses it (Kiln lowered it silently)
# expect-exit: 1
# expect-stderr: RecursionError: cannot set the recursion limit to 5 at the recursion depth 22: the limit is too low
import sys
def f(n):
    if n == 0:
        sys.setrecursionlimit(5)
        return
    f(n - 1)
f(20)
