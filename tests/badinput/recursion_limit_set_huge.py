# badinput: sys.setrecursionlimit(10**9) then unbounded recursion: still a RecursionError
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import sys
sys.setrecursionlimit(10**9)
def f(n):
    return f(n + 1)
f(0)
