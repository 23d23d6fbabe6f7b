# badinput: two functions calling each other
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def a(n):
    return b(n)
def b(n):
    return a(n)
a(1)
