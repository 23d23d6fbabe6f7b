# badinput: a deleted 'def' line leaves a decorator followed by an indented body: CPython's IndentationError, not a decorator hint (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: IndentationError: unexpected indent
import functools
def deco(fn):
    @functools.wraps(fn)
        return fn(*args, **kwargs)
    return wrapper
