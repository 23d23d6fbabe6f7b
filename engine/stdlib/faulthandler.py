# faulthandler: CPython 3.12's interface as training scripts call it (`faulthandler.enable()` at the
# top of distributed jobs, dump_traceback for hang reports). dump_traceback writes the calling
# stack in faulthandler's own format ("Stack (most recent call first):" or "Current thread 0x...",
# `  File "x.py", line N in f`, at most 100 frames) to a file object or to descriptor 1 or 2,
# flushing the file first as CPython does. Kiln cannot die of a fatal signal the way a C extension
# can (its errors are Python exceptions), so enable() records its file and is_enabled() answers;
# dump_traceback_later and register need a watchdog thread or a signal handler writing from C,
# which a one-thread Kiln program does not have: they check their arguments as CPython does and
# record the request, and the dump does not fire (unregister and cancel_dump_traceback_later undo
# the record).
import sys as _sys

__all__ = ['enable', 'disable', 'is_enabled', 'dump_traceback', 'dump_traceback_later',
           'cancel_dump_traceback_later', 'register', 'unregister']

_MAX_FRAME_DEPTH = 100
_enabled = None      # (file, all_threads) while enabled
_later = None        # the pending dump_traceback_later request
_registered = {}     # signum -> (file, all_threads, chain)


def _file_arg(file):
    # CPython's faulthandler_get_fileno: a descriptor, or a file whose fileno() gives one (the file is
    # flushed first); returns what to write to
    if file is None:
        file = _sys.stderr
        if file is None:
            raise RuntimeError('sys.stderr is None')
    if isinstance(file, int):
        if file < 0:
            raise ValueError('file is not a valid file descriptor')
        return file
    fd = file.fileno()
    if not isinstance(fd, int) or fd < 0:
        raise RuntimeError('file.fileno() is not a valid file descriptor')
    try:
        file.flush()
    except Exception:
        pass
    return file


def _write(target, text):
    if isinstance(target, int):
        stream = {1: _sys.__stdout__, 2: _sys.__stderr__}.get(target)
        if stream is None:
            raise NotImplementedError(f'faulthandler: writing to file descriptor {target} is not supported '
                                      'in Kiln; pass a file object')
        target = stream
    target.write(text)
    target.flush()


def enable(file=None, all_threads=True):
    global _enabled
    _enabled = (_file_arg(file), bool(all_threads))


def disable():
    global _enabled
    _enabled = None


def is_enabled():
    return _enabled is not None


def dump_traceback(file=None, all_threads=True):
    target = _file_arg(file)
    if all_threads:
        import threading
        lines = ['Current thread 0x%016x (most recent call first):\n' % threading.get_ident()]
    else:
        lines = ['Stack (most recent call first):\n']
    frame = _sys._getframe(1)
    depth = 0
    while frame is not None:
        if depth >= _MAX_FRAME_DEPTH:
            lines.append('  ...\n')
            break
        code = frame.f_code
        lines.append('  File "%s", line %d in %s\n' % (code.co_filename, frame.f_lineno, code.co_name))
        frame = frame.f_back
        depth += 1
    _write(target, ''.join(lines))


def dump_traceback_later(timeout, repeat=False, file=None, exit=False):
    global _later
    timeout = float(timeout)
    if timeout <= 0:
        raise ValueError('timeout must be greater than 0')
    if timeout * 1e6 >= 2 ** 63:
        raise OverflowError('timeout value is too large')
    _later = (timeout, bool(repeat), _file_arg(file), bool(exit))


def cancel_dump_traceback_later():
    global _later
    _later = None


def _check_signum(signum):
    import signal
    if not isinstance(signum, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(signum).__name__)
    if signum in (signal.SIGSEGV, signal.SIGFPE, signal.SIGABRT, signal.SIGBUS, signal.SIGILL):
        raise RuntimeError('signal %d cannot be registered, use enable() instead' % signum)
    if signum < 1 or signum >= 65:
        raise ValueError('signal number out of range')


def register(signum, file=None, all_threads=True, chain=False):
    _check_signum(signum)
    _registered[signum] = (_file_arg(file), bool(all_threads), bool(chain))


def unregister(signum):
    _check_signum(signum)
    return _registered.pop(signum, None) is not None
