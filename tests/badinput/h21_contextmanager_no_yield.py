# badinput: @contextmanager generator that never yields
# expect-exit: 1
# expect-stderr: RuntimeError: generator didn't yield
from contextlib import contextmanager
@contextmanager
def cm():
    if False:
        yield
with cm():
    pass
