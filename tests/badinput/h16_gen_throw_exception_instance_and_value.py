# badinput: gen.throw(instance, value) is a TypeError
# expect-exit: 1
# expect-stderr: TypeError: instance exception may not have a separate value
def g():
    yield 1
x = g()
next(x)
x.throw(ValueError("a"), "b")
