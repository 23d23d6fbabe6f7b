# error: 2:15: non-default argument follows default argument
def f(a, b=1, c):
    pass
