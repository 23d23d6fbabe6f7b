# threading for Kiln: the module libraries import for their locks and thread-local state (caches
# guarded by `threading.Lock()`, `threading.local()` contexts, `current_thread().name` in log lines).
# Kiln runs a program in one thread, the main one, so this is CPython 3.11's module as that thread
# sees it: Lock/RLock (with CPython's reprs and release errors), Condition, Semaphore,
# BoundedSemaphore, Event, Barrier, local (plain per-object attributes: there is one thread),
# current_thread/main_thread (the _MainThread), get_ident/get_native_id, active_count, enumerate,
# Thread objects (names "Thread-N (target)", daemon, run(), repr) and the hooks (excepthook,
# settrace, setprofile, stack_size). Starting a thread (Thread.start, Timer.start) raises
# NotImplementedError, as starting a process does in multiprocessing; a wait that only another thread
# could end (acquiring a held Lock, Event.wait() on a clear event without a timeout) raises
# RuntimeError instead of hanging, and with a timeout returns False at once.
import os as _os
import sys as _sys
import warnings as _warnings

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier', 'BrokenBarrierError',
           'Timer', 'ThreadError', 'ExceptHookArgs', 'setprofile', 'settrace', 'local', 'stack_size', 'excepthook',
           'get_native_id', 'getprofile', 'gettrace']

TIMEOUT_MAX = 9223372036.0
ThreadError = RuntimeError
_MAIN_IDENT = 140000000000000 + _os.getpid()


def _forever(what):
    raise RuntimeError(f'{what} would wait forever: Kiln runs one thread')


def get_ident():
    return _MAIN_IDENT


def get_native_id():
    return _os.getpid()


class _LockBase:
    def __init__(self):
        self._count = 0

    def locked(self):
        return self._count > 0

    def _acquire_check(self, blocking, timeout):
        if not blocking and timeout != -1:
            raise ValueError("can't specify a timeout for a non-blocking call")
        if timeout < 0 and timeout != -1:
            raise ValueError('timeout value must be a non-negative number')

    def __enter__(self):
        return self.acquire()

    def __exit__(self, t, v, tb):
        self.release()

    def _at(self):
        return hex(id(self))


class _Lock(_LockBase):
    # CPython's _thread.lock: not reentrant, released by anyone
    def acquire(self, blocking=True, timeout=-1):
        self._acquire_check(blocking, timeout)
        if self._count:
            if blocking and timeout == -1:
                _forever('Lock.acquire()')
            return False
        self._count = 1
        return True

    acquire_lock = acquire

    def release(self):
        if not self._count:
            raise RuntimeError('release unlocked lock')
        self._count = 0

    release_lock = release

    def __repr__(self):
        return f"<{'locked' if self._count else 'unlocked'} _thread.lock object at {self._at()}>"


_Lock.__name__ = _Lock.__qualname__ = 'lock'
_Lock.__module__ = '_thread'


class _RLock(_LockBase):
    def acquire(self, blocking=True, timeout=-1):
        self._acquire_check(blocking, timeout)
        self._count += 1
        return True

    def release(self):
        if not self._count:
            raise RuntimeError('cannot release un-acquired lock')
        self._count -= 1

    def _is_owned(self):
        return self._count > 0

    def __repr__(self):
        owner = get_ident() if self._count else 0
        return (f"<{'locked' if self._count else 'unlocked'} _thread.RLock object owner={owner} "
                f"count={self._count} at {self._at()}>")


_RLock.__name__ = _RLock.__qualname__ = 'RLock'
_RLock.__module__ = '_thread'


def Lock():
    return _Lock()


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
        return f"<Condition({self._lock}, 0)>"

    def _check_owned(self, what):
        owned = self._lock._is_owned() if hasattr(self._lock, '_is_owned') else self._lock.locked()
        if not owned:
            raise RuntimeError(f'cannot {what} on un-acquired lock')

    def wait(self, timeout=None):
        self._check_owned('wait')
        if timeout is None:
            _forever('Condition.wait()')
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if not result:
            self.wait(timeout)
            result = predicate()
        return result

    def notify(self, n=1):
        self._check_owned('notify')

    def notify_all(self):
        self._check_owned('notify')

    def notifyAll(self):
        _warnings.warn('notifyAll() is deprecated, use notify_all() instead', DeprecationWarning, stacklevel=2)
        self.notify_all()


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value

    def acquire(self, blocking=True, timeout=None):
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        if self._value == 0:
            if blocking and timeout is None:
                _forever('Semaphore.acquire()')
            return False
        self._value -= 1
        return True

    __enter__ = acquire

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        self._value += n

    def __exit__(self, t, v, tb):
        self.release()

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__qualname__} at {hex(id(self))}: value={self._value}>"


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        if self._value + n > self._initial_value:
            raise ValueError('Semaphore released too many times')
        self._value += n

    def __repr__(self):
        return (f"<{type(self).__module__}.{type(self).__qualname__} at {hex(id(self))}: "
                f"value={self._value}/{self._initial_value}>")


class Event:
    def __init__(self):
        self._flag = False

    def is_set(self):
        return self._flag

    def isSet(self):
        _warnings.warn('isSet() is deprecated, use is_set() instead', DeprecationWarning, stacklevel=2)
        return self.is_set()

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if not self._flag and timeout is None:
            _forever('Event.wait()')
        return self._flag

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__qualname__} at {hex(id(self))}: {'set' if self._flag else 'unset'}>"


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError('parties must be > 0')
        self._parties = parties
        self._action = action
        self._timeout = timeout
        self._broken = False

    def wait(self, timeout=None):
        if self._broken:
            raise BrokenBarrierError
        if self._parties != 1:
            _forever('Barrier.wait()')
        if self._action:
            self._action()
        return 0

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
    # thread-local data: with one thread, the object's own attributes
    pass


local.__module__ = '_thread'

_counter = [0]


def _newname(name_template='Thread-%d'):
    _counter[0] += 1
    return name_template % _counter[0]


class Thread:
    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname('Thread-%d')
            if target is not None:
                try:
                    name += f' ({target.__name__})'
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        self._daemonic = daemon if daemon is not None else current_thread().daemon
        self._ident = None
        self._native_id = None
        self._started = False
        self._is_stopped = False
        self._initialized = True

    def __repr__(self):
        assert self._initialized, 'Thread.__init__() was not called'
        status = 'initial'
        if self._started:
            status = 'started'
        if self._is_stopped:
            status = 'stopped'
        if self._daemonic:
            status += ' daemon'
        if self._ident is not None:
            status += ' %s' % self._ident
        return '<%s(%s, %s)>' % (type(self).__name__, self._name, status)

    def start(self):
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        if self._started:
            raise RuntimeError('threads can only be started once')
        raise NotImplementedError('threading.Thread.start is not supported in Kiln: programs run in one thread')

    def run(self):
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if not self._started:
            raise RuntimeError('cannot join thread before it is started')
        if self is current_thread():
            raise RuntimeError('cannot join current thread')

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        self._name = str(name)

    @property
    def ident(self):
        return self._ident

    @property
    def native_id(self):
        return self._native_id

    def is_alive(self):
        return self._started and not self._is_stopped

    @property
    def daemon(self):
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if self._started:
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = daemonic

    def isDaemon(self):
        _warnings.warn('isDaemon() is deprecated, get the daemon attribute instead', DeprecationWarning, stacklevel=2)
        return self.daemon

    def setDaemon(self, daemonic):
        _warnings.warn('setDaemon() is deprecated, set the daemon attribute instead', DeprecationWarning, stacklevel=2)
        self.daemon = daemonic

    def getName(self):
        _warnings.warn('getName() is deprecated, get the name attribute instead', DeprecationWarning, stacklevel=2)
        return self.name

    def setName(self, name):
        _warnings.warn('setName() is deprecated, set the name attribute instead', DeprecationWarning, stacklevel=2)
        self.name = name


class _MainThread(Thread):
    def __init__(self):
        self._target = None
        self._name = 'MainThread'
        self._args = ()
        self._kwargs = {}
        self._daemonic = False
        self._ident = get_ident()
        self._native_id = get_native_id()
        self._started = True
        self._is_stopped = False
        self._initialized = True


_main_thread = _MainThread()


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
            self.function(*self.args, **self.kwargs)
        self.finished.set()


def current_thread():
    return _main_thread


def currentThread():
    _warnings.warn('currentThread() is deprecated, use current_thread() instead', DeprecationWarning, stacklevel=2)
    return current_thread()


def main_thread():
    return _main_thread


def active_count():
    return 1


def activeCount():
    _warnings.warn('activeCount() is deprecated, use active_count() instead', DeprecationWarning, stacklevel=2)
    return active_count()


def enumerate():
    return [_main_thread]


class ExceptHookArgs:
    def __init__(self, exc_type, exc_value, exc_traceback, thread):
        self.exc_type = exc_type
        self.exc_value = exc_value
        self.exc_traceback = exc_traceback
        self.thread = thread


def excepthook(args):
    # CPython's default: "Exception in thread NAME:" and the traceback, on stderr
    if args.exc_type is SystemExit:
        return
    import traceback
    name = args.thread.name if args.thread is not None else get_ident()
    print(f'Exception in thread {name}:', file=_sys.stderr)
    traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback, file=_sys.stderr)


__excepthook__ = excepthook
_trace_hook = None
_profile_hook = None


def settrace(func):
    global _trace_hook
    _trace_hook = func


def gettrace():
    return _trace_hook


def setprofile(func):
    global _profile_hook
    _profile_hook = func


def getprofile():
    return _profile_hook


_stack_size = [0]


def stack_size(size=0):
    if size != 0 and size < 32768:
        raise ValueError('size not valid: %d bytes' % size)
    old = _stack_size[0]
    _stack_size[0] = size
    return old
