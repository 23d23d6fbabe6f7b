# error: 2:10: positional-only parameters ('/') are not supported in Kiln
def f(a, /, b):
    return a
