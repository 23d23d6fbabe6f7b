# badinput: close() on a generator that returns a value from GeneratorExit
# expect-exit: 0
# expect-stdout: close -> None
def g():
    try:
        yield 1
    except GeneratorExit:
        return 5
it = g()
next(it)
print('close ->', it.close())
