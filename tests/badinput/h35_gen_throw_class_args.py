# badinput: Python misuse: gen throw class args
# expect-exit: 1
# expect-stderr: ValueError: boom
def g():
    yield 1
x = g()
next(x)
x.throw(ValueError, "boom")
