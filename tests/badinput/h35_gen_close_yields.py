# badinput: Python misuse: gen close yields
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
def g():
    try:
        yield 1
    finally:
        yield 2
x = g()
next(x)
x.close()
