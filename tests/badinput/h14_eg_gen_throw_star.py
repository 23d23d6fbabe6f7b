# badinput: generator.throw into an except* clause that raises a different exception (h14 sweep)
# expect-exit: 1
# expect-stderr: KeyError: 'in gen'
def g():
    try:
        yield 1
    except* ValueError:
        raise KeyError('in gen')
x = g()
next(x)
x.throw(ValueError(1))
