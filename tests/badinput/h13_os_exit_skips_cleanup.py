# badinput: os._exit inside try/finally, an except BaseException, a generator and a with block, with atexit handlers, a pending __del__ and a suspended generator around: Kiln had no os._exit (AttributeError). CPython's ends the process at once with status & 0xff: no finally, except, __exit__, atexit handler or __del__ runs (a finally that ran would exit 9, an except 8); a non-int status is its TypeError (h13 sweep; CPython 3.12)
# expect-exit: 3
# expect-stdout: TypeError: 'str' object cannot be interpreted as an integer|TypeError: 'float' object cannot be interpreted as an integer|TypeError: 'NoneType' object cannot be interpreted as an integer|leaving
import atexit
import contextlib
import os
import sys

atexit.register(lambda: print("atexit ran"))


class Finalized:
    def __del__(self):
        print("__del__ ran")


def suspended():
    try:
        yield 1
    finally:
        print("generator finally ran")


@contextlib.contextmanager
def guarded():
    try:
        yield
    finally:
        sys.exit(9)


def exiting():
    yield os._exit(259)


keep = Finalized()
g = suspended()
next(g)
out = []
for bad in ("1", 1.5, None):
    try:
        os._exit(bad)
    except TypeError as e:
        out.append(f"TypeError: {e}")
out.append("leaving")
print("|".join(out))
sys.stdout.flush()
try:
    with guarded():
        try:
            next(exiting())
        finally:
            sys.exit(9)
except BaseException:
    os._exit(8)
print("after")
