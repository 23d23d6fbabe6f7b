# badinput: sys.setrecursionlimit raised for a deep recursion that fits the stack runs as in CPython (it was held at 1000 with a warning)
# expect-exit: 0
# expect-stdout: 10000 4900 12497500
import sys
sys.setrecursionlimit(10000)
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
def total(n):
    return 0 if n == 0 else n + total(n - 1)
print(sys.getrecursionlimit(), depth(4900), total(4999))
