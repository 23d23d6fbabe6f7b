# badinput: sys.exit from inside nested calls and a with block
# expect-exit: 3
import sys, contextlib
@contextlib.contextmanager
def managed():
    try:
        yield
    finally:
        print("cleanup")
def inner():
    with managed():
        sys.exit(3)
inner()
