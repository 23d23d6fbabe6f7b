# badinput: a generator catches a thrown GeneratorExit and yields
# expect-exit: 1
# expect-stderr: RuntimeError: generator ignored GeneratorExit
# expect-stdout: thrown ok 1
def g():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass
it = g()
next(it)
it.throw(GeneratorExit)
print('thrown ok', next(it))
it.close()
