# badinput: traceback huge depth (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import sys
sys.setrecursionlimit(100000)
def f(n): return f(n + 1)
f(0)
