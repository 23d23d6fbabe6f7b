# badinput: a raised recursion limit and deep recursion
# expect-exit: 1
import sys
sys.setrecursionlimit(10**6)
def f(n): return f(n + 1)
f(0)
