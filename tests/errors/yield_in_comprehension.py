# error: 3:14: 'yield' inside list comprehension
def gen(xs):
    return [(yield x) for x in xs]
