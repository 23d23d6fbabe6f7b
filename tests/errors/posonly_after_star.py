# error: 2:13: / must be ahead of *
def f(a, *, /, b):
    return a
