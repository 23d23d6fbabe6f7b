# badinput: a function wrapped by 5000 decorators
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def deco(f):
    def w(*a):
        return f(*a)
    return w
def f():
    return 1
for i in range(5000):
    f = deco(f)
f()
