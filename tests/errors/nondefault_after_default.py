# error: 2:15: parameter without a default follows parameter with a default
def f(a, b=1, c):
    pass
