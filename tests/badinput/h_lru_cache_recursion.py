# badinput: lru cache recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import functools
@functools.lru_cache(None)
def f(n): return f(n + 1)
f(0)
