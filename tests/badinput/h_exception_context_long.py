# badinput: exception context long (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: 0
def f(n):
    try:
        raise ValueError(n)
    except ValueError:
        if n: f(n - 1)
        else: raise
f(500)
