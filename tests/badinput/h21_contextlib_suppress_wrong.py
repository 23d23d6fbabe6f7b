# badinput: contextlib.suppress of another exception
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import contextlib
with contextlib.suppress(KeyError):
    [][0]
