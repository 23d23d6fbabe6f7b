# badinput: a generator that yields again when closed
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
def g():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass
it = g()
next(it)
it.close()
