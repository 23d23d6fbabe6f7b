# badinput: a generator whose finally raises when it is garbage-collected
# expect-exit: 0
# expect-stderr: ValueError: in finally
# expect-stdout: survived
import gc
def g():
    try:
        yield 1
    finally:
        raise ValueError('in finally')
it = g()
next(it)
del it
gc.collect()
print('survived')
