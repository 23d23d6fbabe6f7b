# badinput: generator yielding in finally when closed
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
def g():
    try:
        yield 1
    finally:
        yield 2
it = g()
next(it)
it.close()
