# badinput: @contextmanager generator that yields twice
# expect-exit: 1
# expect-stderr: RuntimeError: generator didn't stop
from contextlib import contextmanager
@contextmanager
def cm():
    yield 1
    yield 2
with cm():
    pass
