# badinput: dropping a suspended generator runs its finally
# expect-exit: 0
# expect-stdout: after
def g():
    try:
        yield 1
    finally:
        print('finalized')
it = g()
next(it)
del it
print('after')
