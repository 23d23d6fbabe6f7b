# badinput: an exception out of 20000 frames, caught midway and re-raised: one traceback entry per frame (returned, not thrown, between frames)
# expect-exit: 0
# expect-stdout: entries 2 20002
import sys
sys.setrecursionlimit(30000)
def f(n):
    if n == 0:
        raise ValueError("bottom")
    return f(n - 1)
def g(n):
    try:
        return f(n)
    except ValueError as e:
        raise KeyError("middle") from e
try:
    g(20000)
except KeyError as e:
    def count(tb):
        k = 0
        while tb:
            k += 1
            tb = tb.tb_next
        return k
    print("entries", count(e.__traceback__), count(e.__cause__.__traceback__))
