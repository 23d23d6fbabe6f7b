# error: 3:17: invalid syntax
def gen(xs):
    total = 1 + yield xs
