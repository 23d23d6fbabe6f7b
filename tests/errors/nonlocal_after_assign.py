# error: 4:5: name 'x' is assigned to before nonlocal declaration
def f():
    x = 1
    nonlocal x
