# badinput: two functions calling each other forever
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def a(n): return b(n + 1)
def b(n): return a(n + 1)
a(0)
