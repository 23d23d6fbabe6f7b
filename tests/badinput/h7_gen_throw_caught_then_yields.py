# badinput: a generator catches a thrown error and yields again
# expect-exit: 0
# expect-stdout: 1 None
def g():
    while True:
        try:
            yield 1
        except ValueError:
            print('caught')
it = g()
next(it)
print(it.throw(ValueError), it.close())
