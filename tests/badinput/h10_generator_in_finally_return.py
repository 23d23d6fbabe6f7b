# badinput: generator in finally return (h10: ends normally, as in CPython 3.12)
# expect-exit: 0
# expect-stdout: None
def g():
    try:
        yield 1
    finally:
        return 5
x = g()
next(x)
print(x.close())
