# error: 4:9: no binding for nonlocal 'y' found
def f():
    def g():
        nonlocal y
        y = 1
