# badinput: a return in finally swallows GeneratorExit
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
