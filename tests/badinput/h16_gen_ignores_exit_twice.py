# badinput: a generator that yields again after GeneratorExit in close()
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
def g():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass
x = g()
next(x)
x.close()
