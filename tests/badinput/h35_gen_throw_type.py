# badinput: Python misuse: gen throw type
# expect-exit: 1
# expect-stderr: TypeError: exceptions must be classes or instances deriving from BaseException, not int
def g():
    yield 1
x = g()
next(x)
x.throw(123)
