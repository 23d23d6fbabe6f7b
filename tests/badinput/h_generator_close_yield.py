# badinput: generator close yield (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
def g():
    try:
        yield 1
    finally:
        yield 2
x = g(); next(x); x.close()
