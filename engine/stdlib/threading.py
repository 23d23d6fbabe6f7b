# threading for Kiln: the module training scripts, loggers and data utilities import at the top
# (`threading.Lock()` guarding a cache, `threading.current_thread().name` in log lines, `threading.local()`).
# Kiln runs a program on one thread (engine/vm/README.md), so this is CPython 3.11's thread-free part:
# locks, re-entrant locks, conditions, semaphores, events, barriers, thread-local data, the main-thread
# object, active_count/enumerate, excepthook, and Thread/Timer objects (names, daemon flags, repr, run()
# and join()/is_alive() before start). Starting a thread raises NotImplementedError, as
# multiprocessing's Process.start does. A wait that only another thread could end (acquiring a held
# lock, Event.wait, Condition.wait without a timeout) raises RuntimeError instead of hanging; with a
# timeout it returns what CPython returns once the timeout passes.
import os as _os
import sys as _sys
import time as _time

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier', 'BrokenBarrierError',
           'Timer', 'ThreadError', 'ExceptHookArgs', 'setprofile', 'settrace', 'local', 'stack_size', 'excepthook',
           'get_native_id', 'getprofile', 'gettrace']

TIMEOUT_MAX = 9223372036.854776
ThreadError = RuntimeError
_IDENT = 140000000000000 + _os.getpid()


def _forever(what):
    raise RuntimeError(f"{what} would wait forever: Kiln runs one thread")


def _check_timeout(blocking, timeout):
    if not blocking and timeout != -1:
        raise ValueError("can't specify a timeout for a non-blocking call")
    if timeout < 0 and timeout != -1:
        raise ValueError("timeout value must be a non-negative number")


def get_ident():
    return _IDENT


def get_native_id():
    return _os.getpid()


class _LockType:
    def __init__(self):
        self._locked = False

    def acquire(self, blocking=True, timeout=-1):
        _check_timeout(blocking, timeout)
        if not self._locked:
            self._locked = True
            return True
        if blocking and timeout == -1:
            _forever("Lock.acquire()")
        if blocking and timeout > 0:
            _time.sleep(timeout)
        return False

    acquire_lock = acquire

    def release(self):
        if not self._locked:
            raise RuntimeError("release unlocked lock")
        self._locked = False

    release_lock = release

    def locked(self):
        return self._locked

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        return f"<{'locked' if self._locked else 'unlocked'} _thread.lock object at {hex(id(self))}>"


_LockType.__name__ = _LockType.__qualname__ = "lock"
_LockType.__module__ = "_thread"


def Lock():
    return _LockType()


class _RLock:
    def __init__(self):
        self._count = 0

    def acquire(self, blocking=True, timeout=-1):
        _check_timeout(blocking, timeout)
        self._count += 1
        return True

    def release(self):
        if not self._count:
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1

    def _is_owned(self):
        return self._count > 0

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        owner = _IDENT if self._count else 0
        return (f"<{'locked' if self._count else 'unlocked'} _thread.RLock object owner={owner} "
                f"count={self._count} at {hex(id(self))}>")


_RLock.__name__ = _RLock.__qualname__ = "RLock"
_RLock.__module__ = "_thread"


def RLock(*args, **kwargs):
    return _RLock()


class Condition:
    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return "<Condition(%s, %d)>" % (self._lock, 0)

    def _is_owned(self):
        if hasattr(self._lock, "_is_owned"):
            return self._lock._is_owned()
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        if not self._is_owned():
            raise RuntimeError("cannot wait on un-acquired lock")
        if timeout is None:
            _forever("Condition.wait()")
        if timeout > 0:
            _time.sleep(timeout)
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if not result:
            self.wait(timeout)
            result = predicate()
        return result

    def notify(self, n=1):
        if not self._is_owned():
            raise RuntimeError("cannot notify on un-acquired lock")

    def notify_all(self):
        self.notify(0)

    def notifyAll(self):
        import warnings
        warnings.warn('notifyAll() is deprecated, use notify_all() instead', DeprecationWarning, stacklevel=2)
        self.notify_all()


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: value={self._value}>")

    def acquire(self, blocking=True, timeout=None):
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        if self._value > 0:
            self._value -= 1
            return True
        if blocking and timeout is None:
            _forever("Semaphore.acquire()")
        if blocking and timeout > 0:
            _time.sleep(timeout)
        return False

    __enter__ = acquire

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        self._value += n

    def __exit__(self, t, v, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: value={self._value}/{self._initial_value}>")

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        if self._value + n > self._initial_value:
            raise ValueError("Semaphore released too many times")
        self._value += n


class Event:
    def __init__(self):
        self._flag = False

    def __repr__(self):
        cls = self.__class__
        status = 'set' if self._flag else 'unset'
        return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: {status}>"

    def is_set(self):
        return self._flag

    def isSet(self):
        import warnings
        warnings.warn('isSet() is deprecated, use is_set() instead', DeprecationWarning, stacklevel=2)
        return self.is_set()

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if self._flag:
            return True
        if timeout is None:
            _forever("Event.wait()")
        if timeout > 0:
            _time.sleep(timeout)
        return False


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError("parties must be > 0")
        self._parties = parties
        self._action = action
        self._timeout = timeout
        self._broken = False

    def __repr__(self):
        cls = self.__class__
        if self._broken:
            return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: broken>"
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" waiters={self.n_waiting}/{self.parties}>")

    def wait(self, timeout=None):
        if self._broken:
            raise BrokenBarrierError
        if self._parties == 1:
            if self._action:
                self._action()
            return 0
        if timeout is None:
            timeout = self._timeout
        if timeout is None:
            _forever("Barrier.wait()")
        self._broken = True
        raise BrokenBarrierError

    def reset(self):
        self._broken = False

    def abort(self):
        self._broken = True

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        return 0

    @property
    def broken(self):
        return self._broken


class local:
    # One thread, so one set of attributes: a plain attribute namespace (subclasses keep their __init__).
    pass


local.__module__ = "_thread"

_counter = [0]


def _newname(name_template):
    _counter[0] += 1
    return name_template % _counter[0]


class Thread:
    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, "group argument must be None for now"
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname("Thread-%d")
            if target is not None:
                try:
                    target_name = target.__name__
                    name += f" ({target_name})"
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        if daemon is not None:
            if daemon and not current_thread()._daemonic_ok:
                raise RuntimeError('daemon threads are disabled in this (sub)interpreter')
            self._daemonic = daemon
        else:
            self._daemonic = current_thread().daemon
        self._ident = None
        self._native_id = None
        self._started = False
        self._is_stopped = False
        self._initialized = True

    def __repr__(self):
        assert self._initialized, "Thread.__init__() was not called"
        status = "initial"
        if self._started:
            status = "started"
        if self._is_stopped:
            status = "stopped"
        if self._daemonic:
            status += " daemon"
        if self._ident is not None:
            status += " %s" % self._ident
        return "<%s(%s, %s)>" % (self.__class__.__name__, self._name, status)

    def start(self):
        if not self._initialized:
            raise RuntimeError("thread.__init__() not called")
        if self._started:
            raise RuntimeError("threads can only be started once")
        raise NotImplementedError("threading.Thread.start() is not supported in Kiln: programs run on one thread "
                                  "(call the target directly, or run() to run it on this thread)")

    def run(self):
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if not self._started:
            raise RuntimeError("cannot join thread before it is started")
        if self is current_thread():
            raise RuntimeError("cannot join current thread")

    @property
    def name(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._name

    @name.setter
    def name(self, name):
        assert self._initialized, "Thread.__init__() not called"
        self._name = str(name)

    @property
    def ident(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._ident

    @property
    def native_id(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._native_id

    def is_alive(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._started and not self._is_stopped

    @property
    def daemon(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if self._started:
            raise RuntimeError("cannot set daemon status of active thread")
        self._daemonic = daemonic

    def isDaemon(self):
        import warnings
        warnings.warn('isDaemon() is deprecated, get the daemon attribute instead', DeprecationWarning, stacklevel=2)
        return self.daemon

    def setDaemon(self, daemonic):
        import warnings
        warnings.warn('setDaemon() is deprecated, set the daemon attribute instead', DeprecationWarning, stacklevel=2)
        self.daemon = daemonic

    def getName(self):
        import warnings
        warnings.warn('getName() is deprecated, get the name attribute instead', DeprecationWarning, stacklevel=2)
        return self.name

    def setName(self, name):
        import warnings
        warnings.warn('setName() is deprecated, set the name attribute instead', DeprecationWarning, stacklevel=2)
        self.name = name


class _MainThread(Thread):
    _daemonic_ok = True

    def __init__(self):
        self._target = None
        self._name = "MainThread"
        self._args = ()
        self._kwargs = {}
        self._daemonic = False
        self._ident = _IDENT
        self._native_id = _os.getpid()
        self._started = True
        self._is_stopped = False
        self._initialized = True


Thread._daemonic_ok = True


class Timer(Thread):
    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        self.finished.set()

    def run(self):
        if not self.finished.is_set():
            _time.sleep(self.interval)
            if not self.finished.is_set():
                self.function(*self.args, **self.kwargs)
        self.finished.set()


_main_thread = _MainThread()


def main_thread():
    return _main_thread


def current_thread():
    return _main_thread


def currentThread():
    import warnings
    warnings.warn('currentThread() is deprecated, use current_thread() instead', DeprecationWarning, stacklevel=2)
    return current_thread()


def active_count():
    return 1


def activeCount():
    import warnings
    warnings.warn('activeCount() is deprecated, use active_count() instead', DeprecationWarning, stacklevel=2)
    return active_count()


def enumerate():
    return [_main_thread]


_profile_hook = None
_trace_hook = None


def setprofile(func):
    global _profile_hook
    _profile_hook = func


def getprofile():
    return _profile_hook


def settrace(func):
    global _trace_hook
    _trace_hook = func


def gettrace():
    return _trace_hook


def stack_size(size=0):
    if size != 0 and size < 32768:
        raise ValueError("size not valid: %d bytes" % size)
    return 0


class ExceptHookArgs(tuple):
    def __new__(cls, args):
        return tuple.__new__(cls, args)

    exc_type = property(lambda self: self[0])
    exc_value = property(lambda self: self[1])
    exc_traceback = property(lambda self: self[2])
    thread = property(lambda self: self[3])


def excepthook(args):
    # CPython's threading.excepthook: "Exception in thread NAME:" and the traceback on stderr.
    if args.exc_type == SystemExit:
        return
    name = args.thread.name if args.thread is not None else get_ident()
    print(f"Exception in thread {name}:", file=_sys.stderr, flush=True)
    import traceback
    traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback, file=_sys.stderr)


__excepthook__ = excepthook
