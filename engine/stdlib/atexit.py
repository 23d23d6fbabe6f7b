# atexit: register/unregister exit handlers, run last-registered-first when the program ends (normally,
# by sys.exit or by an uncaught exception, after its traceback), as CPython does; the VM calls
# _run_exitfuncs at the end of run_source when this module was imported (engine/vm/interpreter.cpp).
# An exception in a handler prints "Exception ignored in atexit callback" with its traceback and
# the remaining handlers still run. A program stopped by its instruction budget or the Stop button
# runs no handlers.
import sys as _sys

_handlers = []


def register(func, *args, **kwargs):
    if not callable(func):
        raise TypeError("the first argument must be callable")
    _handlers.append((func, args, kwargs))
    return func


def unregister(func):
    _handlers[:] = [h for h in _handlers if h[0] != func]


def _clear():
    del _handlers[:]


def _ncallbacks():
    return len(_handlers)


def _run_exitfuncs():
    while _handlers:
        func, args, kwargs = _handlers.pop()
        try:
            func(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException as e:
            import traceback
            _sys.stderr.write("Exception ignored in atexit callback: %r\n" % (func,))
            traceback.print_exception(type(e), e, e.__traceback__)
