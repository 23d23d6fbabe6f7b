# badinput: exception context long chain (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: 0
def f(n):
    try:
        raise ValueError(n)
    except ValueError:
        if n: f(n - 1)
        else: raise
f(900)
