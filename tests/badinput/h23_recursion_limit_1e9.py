# badinput: sys.setrecursionlimit(10**9) then unbounded recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
import sys
sys.setrecursionlimit(10**9)
def f(n): return f(n+1)
f(0)
