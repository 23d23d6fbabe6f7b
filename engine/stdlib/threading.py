# threading for Kiln: the module training scripts, loggers and data utilities import at the top
# (`threading.Lock()` guarding a cache, `threading.current_thread().name` in log lines, `threading.local()`,
# a fire-and-forget `Thread(target=check_version).start()` at import time).
# Kiln runs a program on one thread (engine/vm/README.md, "What stays out"), so Thread.start() runs the
# thread's run() to completion right there, on this thread: the schedule of a CPython program whose new
# thread runs first and finishes before the starting thread goes on. Inside the target,
# current_thread()/get_ident() are the thread's own, threading.local data is the thread's own, and
# is_alive() is True; after start() returns the thread is stopped, so join() returns at once. An
# exception that ends the target goes to threading.excepthook ("Exception in thread NAME:" and the
# traceback on stderr) and does not reach the code that called start(), as in CPython.
# A wait that only another thread could end (acquiring a lock held by an enclosing thread or by this
# one, Event.wait, Condition.wait, Barrier.wait without a timeout) raises RuntimeError naming the wait
# instead of hanging: in this schedule no other thread can run until the waiting one returns. With a
# timeout it returns what CPython returns once the timeout passes. Timer.start() sleeps its interval
# and calls its function (unless cancelled before start).
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


def _forever(what, why):
    # CPython would block here until another thread acts; in Kiln's schedule (each started thread runs to
    # its end inside start()) none can, so the wait would never end.
    raise RuntimeError(f"{what} would wait forever: {why}, and Kiln runs a started thread's target to its end "
                       f"inside start(), so no other thread can run meanwhile (pass a timeout, or do the work "
                       f"in the order the threads would need)")


def _check_timeout(blocking, timeout):
    if not blocking and timeout != -1:
        raise ValueError("can't specify a timeout for a non-blocking call")
    if timeout < 0 and timeout != -1:
        raise ValueError("timeout value must be a non-negative number")


def get_ident():
    return current_thread()._ident


def get_native_id():
    return current_thread()._native_id


class _LockType:
    def __init__(self):
        self._locked = False

    def acquire(self, blocking=True, timeout=-1):
        _check_timeout(blocking, timeout)
        if not self._locked:
            self._locked = True
            return True
        if blocking and timeout == -1:
            _forever("Lock.acquire()", "the lock is held (a Lock is not re-entrant) and only its holder can release it")
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
        self._owner = None

    def acquire(self, blocking=True, timeout=-1):
        _check_timeout(blocking, timeout)
        me = get_ident()
        if self._count and self._owner != me:
            # held by an enclosing thread, which cannot run until this one ends
            if blocking and timeout == -1:
                _forever("RLock.acquire()", "another thread holds the lock")
            if blocking and timeout > 0:
                _time.sleep(timeout)
            return False
        self._owner = me
        self._count += 1
        return True

    def release(self):
        if not self._count or self._owner != get_ident():
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if not self._count:
            self._owner = None

    def _is_owned(self):
        return self._count > 0 and self._owner == get_ident()

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        owner = self._owner if self._count else 0
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
            _forever("Condition.wait()", "only another thread's notify() could wake it")
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
            _forever("Semaphore.acquire()", "its counter is 0 and only another thread's release() could raise it")
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
            _forever("Event.wait()", "the event is not set and only another thread could set it")
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
            _forever("Barrier.wait()", f"it needs {self._parties} threads waiting at once")
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


class _localimpl:
    # Per-thread attribute sets of one threading.local: `owner` is the thread whose attributes are in
    # the object's __dict__ now; the others wait in `dicts`. Threads nest (start() runs the new thread
    # to its end), so a swap happens only when the object is used by a thread other than its owner.
    def __init__(self, args, kw):
        self.args = args
        self.kw = kw
        self.owner = get_ident()
        self.dicts = {}


def _local_switch(self):
    impl = object.__getattribute__(self, '_local__impl')
    me = get_ident()
    if impl.owner == me:
        return
    d = object.__getattribute__(self, '__dict__')
    saved = {k: v for k, v in d.items() if k != '_local__impl'}
    for k in saved:
        del d[k]
    if impl.owner in _active:  # a stopped thread's attributes are gone with it, as CPython drops them
        impl.dicts[impl.owner] = saved
    impl.owner = me
    if me in impl.dicts:
        d.update(impl.dicts.pop(me))
    else:
        # _threading_local: a thread's first use of the object runs the subclass's __init__ again
        # with the constructor's arguments, for that thread's attributes
        init = type(self).__init__
        if init is not object.__init__:
            init(self, *impl.args, **impl.kw)


class local:
    # Thread-local data: each thread sees its own attributes (and a subclass's __init__ runs once per
    # thread that uses the object), as _threading_local.local does.
    def __new__(cls, *args, **kw):
        if (args or kw) and (cls.__init__ is object.__init__):
            raise TypeError("Initialization arguments are not supported")
        self = object.__new__(cls)
        object.__setattr__(self, '_local__impl', _localimpl(args, kw))
        return self

    def __getattribute__(self, name):
        _local_switch(self)
        return object.__getattribute__(self, name)

    def __setattr__(self, name, value):
        if name == '__dict__':
            raise AttributeError("%r object attribute '__dict__' is read-only" % self.__class__.__name__)
        _local_switch(self)
        return object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name == '__dict__':
            raise AttributeError("%r object attribute '__dict__' is read-only" % self.__class__.__name__)
        _local_switch(self)
        return object.__delattr__(self, name)


local.__module__ = "_thread"

_counter = [0]
_active = {}  # ident -> the started threads whose targets are running now (main thread included)
_running = []  # those threads innermost last: the one running now is _running[-1]
_idents = [0]


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
        # Kiln's schedule: the new thread runs now, to its end, then the caller goes on (module comment).
        self._started = True
        _idents[0] += 1
        self._ident = _IDENT + 4096 * _idents[0]
        self._native_id = _os.getpid() + _idents[0]
        _active[self._ident] = self
        _running.append(self)
        try:
            self._bootstrap_inner()
        finally:
            _running.pop()
            del _active[self._ident]
            self._is_stopped = True

    def _bootstrap_inner(self):
        # CPython's Thread._bootstrap_inner: run(), and an exception that ends it goes to the excepthook
        try:
            self.run()
        except BaseException as e:
            if type(e).__name__ == "KilnLimitError":  # Kiln's time/memory limits end the whole program
                raise
            self._invoke_excepthook(self)

    def _invoke_excepthook(self, thread):
        # CPython's _make_invoke_excepthook: threading.excepthook as the module holds it now; if that
        # hook itself fails, "Exception in threading.excepthook:" and sys.excepthook of its error
        hook = excepthook
        if hook is None:
            hook = __excepthook__
        try:
            hook(ExceptHookArgs([*_sys.exc_info(), thread]))
        except Exception as exc:
            exc.__suppress_context__ = True
            print("Exception in threading.excepthook:", file=_sys.stderr, flush=True)
            _sys.excepthook(*_sys.exc_info())

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
        if not self._is_stopped and timeout is None:
            # an enclosing thread: it goes on only after the thread calling join() has ended
            _forever("Thread.join()", f"{self._name} started the thread that is joining it")

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


_active[_IDENT] = _main_thread


def current_thread():
    return _running[-1] if _running else _main_thread


def currentThread():
    import warnings
    warnings.warn('currentThread() is deprecated, use current_thread() instead', DeprecationWarning, stacklevel=2)
    return current_thread()


def active_count():
    return len(_active)


def activeCount():
    import warnings
    warnings.warn('activeCount() is deprecated, use active_count() instead', DeprecationWarning, stacklevel=2)
    return active_count()


def enumerate():
    return list(_active.values())


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
