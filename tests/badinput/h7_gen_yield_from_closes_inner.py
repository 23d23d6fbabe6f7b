# badinput: closing an outer generator closes the delegated inner one
# expect-exit: 0
# expect-stdout: done
def inner():
    try:
        yield 1
        yield 2
    finally:
        print('inner closed')
def outer():
    yield from inner()
it = outer()
next(it)
it.close()
print('done')
