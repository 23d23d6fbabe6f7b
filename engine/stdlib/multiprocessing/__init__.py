# multiprocessing for Kiln: the module RL and training scripts import at the top (minimalRL's a2c/a3c,
# spinningup's mpi_pytorch.py, `num_workers=multiprocessing.cpu_count()`, `set_start_method('spawn')`
# under __main__). Its process-free part is CPython 3.11's: cpu_count, current_process (the
# MainProcess), parent_process, active_children, the start-method contexts (get/set_start_method,
# get_context, get_all_start_methods with CPython's errors), Process objects (name, daemon, repr,
# run(), join() before start()), the exceptions, and in-process Queue/SimpleQueue/JoinableQueue, Pipe,
# Lock/RLock/Semaphore/Event/Condition/Barrier, Value/Array. Starting a process (Process.start, Pool,
# Manager) raises NotImplementedError as subprocess does: Kiln runs programs without processes. With
# one process a blocking Queue.get on an empty queue raises queue.Empty at once (as Kiln's queue), and
# Connection.recv with nothing sent raises EOFError (no other end can ever send).
import os
import queue as _queue
from collections import deque as _deque

__all__ = ['Array', 'AuthenticationError', 'Barrier', 'BoundedSemaphore', 'BufferTooShort', 'Condition', 'Event',
           'JoinableQueue', 'Lock', 'Manager', 'Pipe', 'Pool', 'Process', 'ProcessError', 'Queue', 'RLock',
           'RawArray', 'RawValue', 'Semaphore', 'SimpleQueue', 'TimeoutError', 'Value', 'active_children',
           'allow_connection_pickling', 'cpu_count', 'current_process', 'freeze_support', 'get_all_start_methods',
           'get_context', 'get_logger', 'get_start_method', 'log_to_stderr', 'parent_process', 'reducer',
           'set_executable', 'set_forkserver_preload', 'set_start_method']


class ProcessError(Exception):
    pass


class BufferTooShort(ProcessError):
    pass


class TimeoutError(ProcessError):
    pass


class AuthenticationError(ProcessError):
    pass


for _cls in (ProcessError, BufferTooShort, TimeoutError, AuthenticationError):
    _cls.__module__ = 'multiprocessing.context'


def _no_processes(what):
    raise NotImplementedError(f"multiprocessing.{what} is not supported in Kiln: programs cannot start processes")


# ---- processes ------------------------------------------------------------------------------------

_process_counter = [0]


class BaseProcess:
    def __init__(self, group=None, target=None, name=None, args=(), kwargs={}, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        _process_counter[0] += 1
        self._identity = (_process_counter[0],)
        self._parent_pid = os.getpid()
        self._target = target
        self._args = tuple(args)
        self._kwargs = dict(kwargs)
        self._name = name if name is not None else type(self).__name__ + '-' + str(_process_counter[0])
        self._daemon = bool(daemon) if daemon is not None else False
        self._started = False

    def run(self):
        if self._target:
            self._target(*self._args, **self._kwargs)

    def start(self):
        _no_processes('Process.start()')

    def terminate(self):
        pass

    def kill(self):
        pass

    def join(self, timeout=None):
        assert self._started, 'can only join a started process'

    def is_alive(self):
        return self._started

    def close(self):
        pass

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        assert isinstance(name, str), 'name must be a string'
        self._name = name

    @property
    def daemon(self):
        return self._daemon

    @daemon.setter
    def daemon(self, daemonic):
        assert not self._started, 'process has already started'
        self._daemon = daemonic

    @property
    def pid(self):
        return None

    ident = pid

    @property
    def exitcode(self):
        return None

    @property
    def authkey(self):
        return b''

    @property
    def sentinel(self):
        raise ValueError('process not started')

    def __repr__(self):
        status = 'started' if self._started else 'initial'
        parent = 'None' if self._parent_pid is None else str(self._parent_pid)
        return '<%s name=%r parent=%s %s%s>' % (type(self).__name__, self._name, parent, status,
                                                ' daemon' if self._daemon else '')


class Process(BaseProcess):
    pass


class _MainProcess(BaseProcess):
    def __init__(self):
        self._identity = ()
        self._parent_pid = None
        self._target = None
        self._args = ()
        self._kwargs = {}
        self._name = 'MainProcess'
        self._daemon = False
        self._started = True

    @property
    def pid(self):
        return os.getpid()

    ident = pid


_current = _MainProcess()


def current_process():
    return _current


def parent_process():
    return None


def active_children():
    return []


def cpu_count():
    n = os.cpu_count()
    if n is None:
        raise NotImplementedError('cannot determine number of cpus')
    return n


def freeze_support():
    pass


def set_executable(executable):
    pass


def set_forkserver_preload(module_names):
    pass


def allow_connection_pickling():
    pass


def get_logger():
    import logging
    return logging.getLogger('multiprocessing')


def log_to_stderr(level=None):
    import logging
    logger = get_logger()
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter('[%(levelname)s/%(processName)s] %(message)s'))
    logger.addHandler(handler)
    if level:
        logger.setLevel(level)
    return logger


reducer = None


# ---- queues, pipes and synchronization (one process) -----------------------------------------------

class Queue(_queue.Queue):
    def __init__(self, maxsize=0, *, ctx=None):
        _queue.Queue.__init__(self, maxsize)

    def close(self):
        pass

    def join_thread(self):
        pass

    def cancel_join_thread(self):
        pass


Queue.__module__ = 'multiprocessing.queues'


class JoinableQueue(Queue):
    pass


JoinableQueue.__module__ = 'multiprocessing.queues'


class SimpleQueue:
    def __init__(self, *, ctx=None):
        self._items = _deque()

    def empty(self):
        return not self._items

    def put(self, obj):
        self._items.append(obj)

    def get(self):
        if not self._items:
            raise _queue.Empty
        return self._items.popleft()

    def close(self):
        pass


SimpleQueue.__module__ = 'multiprocessing.queues'


class Connection:
    def __init__(self, inbox, outbox, readable=True, writable=True):
        self._inbox = inbox
        self._outbox = outbox
        self._readable = readable
        self._writable = writable
        self._closed = False

    def _check_closed(self):
        if self._closed:
            raise OSError('handle is closed')

    def send(self, obj):
        self._check_closed()
        if not self._writable:
            raise OSError('connection is read-only')
        self._outbox.append(obj)

    def recv(self):
        self._check_closed()
        if not self._readable:
            raise OSError('connection is write-only')
        if not self._inbox:
            raise EOFError
        return self._inbox.popleft()

    def poll(self, timeout=0.0):
        self._check_closed()
        return bool(self._inbox)

    def close(self):
        self._closed = True

    @property
    def closed(self):
        return self._closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


Connection.__module__ = 'multiprocessing.connection'


def Pipe(duplex=True):
    a, b = _deque(), _deque()
    if duplex:
        return Connection(a, b), Connection(b, a)
    return Connection(a, None, writable=False), Connection(None, a, readable=False)


class _Lock:
    def __init__(self, *, ctx=None):
        self._count = 0

    def acquire(self, block=True, timeout=None):
        if self._count and not self._reentrant:
            if block and timeout is None:
                raise RuntimeError('acquire() would wait forever: Kiln runs one process and one thread')
            return False
        self._count += 1
        return True

    def release(self):
        if not self._count:
            raise ValueError('semaphore or lock released too many times')
        self._count -= 1

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


class Lock(_Lock):
    _reentrant = False


class RLock(_Lock):
    _reentrant = True


for _cls in (Lock, RLock):
    _cls.__module__ = 'multiprocessing.synchronize'


class Semaphore:
    def __init__(self, value=1, *, ctx=None):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value

    def acquire(self, block=True, timeout=None):
        if self._value == 0:
            if block and timeout is None:
                raise RuntimeError('acquire() would wait forever: Kiln runs one process and one thread')
            return False
        self._value -= 1
        return True

    def release(self):
        self._value += 1

    def get_value(self):
        return self._value

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1, *, ctx=None):
        Semaphore.__init__(self, value)
        self._initial = value

    def release(self):
        if self._value >= self._initial:
            raise ValueError('semaphore or lock released too many times')
        self._value += 1


class Event:
    def __init__(self, *, ctx=None):
        self._flag = False

    def is_set(self):
        return self._flag

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        return self._flag


class _LockDelegate:
    # acquire/release and the with-statement forwarded to self._lock (CPython's Condition and
    # SynchronizedBase each forward them the same way).
    def acquire(self, *args):
        return self._lock.acquire(*args)

    def release(self):
        self._lock.release()

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *exc):
        return self._lock.__exit__(*exc)


class Condition(_LockDelegate):
    def __init__(self, lock=None, *, ctx=None):
        self._lock = lock if lock is not None else RLock()

    def wait(self, timeout=None):
        return False

    def wait_for(self, predicate, timeout=None):
        return predicate()

    def notify(self, n=1):
        pass

    def notify_all(self):
        pass


class Barrier:
    def __init__(self, parties, action=None, timeout=None, *, ctx=None):
        self.parties = parties
        self._action = action
        self.n_waiting = 0
        self.broken = False

    def wait(self, timeout=None):
        if self.parties != 1:
            raise RuntimeError('Barrier.wait() would wait forever: Kiln runs one process')
        if self._action:
            self._action()
        return 0

    def reset(self):
        pass

    def abort(self):
        self.broken = True


for _cls in (Semaphore, BoundedSemaphore, Event, Condition, Barrier):
    _cls.__module__ = 'multiprocessing.synchronize'


# ---- shared ctypes values ---------------------------------------------------------------------------
# typecode -> (ctypes name, Python conversion), as multiprocessing.sharedctypes.typecode_to_type
_TYPECODES = {'c': ('c_char', bytes), 'u': ('c_wchar', str), 'b': ('c_byte', int), 'B': ('c_ubyte', int),
              'h': ('c_short', int), 'H': ('c_ushort', int), 'i': ('c_int', int), 'I': ('c_uint', int),
              'l': ('c_long', int), 'L': ('c_ulong', int), 'q': ('c_longlong', int), 'Q': ('c_ulonglong', int),
              'f': ('c_float', float), 'd': ('c_double', float)}


def _ctype(typecode):
    if typecode not in _TYPECODES:
        # CPython looks the code up and hands anything else to ctypes.sizeof
        raise TypeError('this type has no size')
    return _TYPECODES[typecode]


class _RawValue:
    def __init__(self, typecode, value=0):
        self._name, self._conv = _ctype(typecode)
        self.value = self._conv(value)

    def __repr__(self):
        return '%s(%r)' % (self._name, self.value)


class Synchronized(_LockDelegate):
    def __init__(self, obj, lock=None):
        self._obj = obj
        self._lock = lock if lock is not None else RLock()

    @property
    def value(self):
        return self._obj.value

    @value.setter
    def value(self, v):
        self._obj.value = self._obj._conv(v)

    def get_obj(self):
        return self._obj

    def get_lock(self):
        return self._lock

    def __repr__(self):
        return '<Synchronized wrapper for %r>' % (self._obj,)


def RawValue(typecode_or_type, *args):
    return _RawValue(typecode_or_type, *args)


def Value(typecode_or_type, *args, lock=True, ctx=None):
    obj = _RawValue(typecode_or_type, *args)
    if lock is False:
        return obj
    return Synchronized(obj, None if lock is True else lock)


def RawArray(typecode_or_type, size_or_initializer):
    name, conv = _ctype(typecode_or_type)
    if isinstance(size_or_initializer, int):
        return [conv(0)] * size_or_initializer
    return [conv(x) for x in size_or_initializer]


class SynchronizedArray:
    def __init__(self, items, lock=None):
        self._items = items
        self._lock = lock if lock is not None else RLock()

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def get_obj(self):
        return self._items

    def get_lock(self):
        return self._lock


def Array(typecode_or_type, size_or_initializer, *, lock=True, ctx=None):
    items = RawArray(typecode_or_type, size_or_initializer)
    if lock is False:
        return items
    return SynchronizedArray(items, None if lock is True else lock)


for _cls in (Synchronized, SynchronizedArray):
    _cls.__module__ = 'multiprocessing.sharedctypes'


def Manager():
    _no_processes('Manager()')


def Pool(processes=None, initializer=None, initargs=(), maxtasksperchild=None):
    if processes is not None and processes < 1:
        raise ValueError('Number of processes must be at least 1')
    _no_processes('Pool()')


# ---- start methods and contexts ----------------------------------------------------------------------

class BaseContext:
    ProcessError = ProcessError
    BufferTooShort = BufferTooShort
    TimeoutError = TimeoutError
    AuthenticationError = AuthenticationError
    Process = Process
    _name = None

    def get_context(self, method=None):
        if method is None:
            return self
        return get_context(method)

    def get_start_method(self, allow_none=False):
        return self._name

    def set_start_method(self, method, force=False):
        raise ValueError('cannot set start method of concrete context')

    def cpu_count(self):
        return cpu_count()

    def current_process(self):
        return _current


for _name in ('Array', 'Barrier', 'BoundedSemaphore', 'Condition', 'Event', 'JoinableQueue', 'Lock', 'Manager',
              'Pipe', 'Pool', 'Queue', 'RLock', 'RawArray', 'RawValue', 'Semaphore', 'SimpleQueue', 'Value',
              'active_children', 'parent_process', 'freeze_support', 'get_logger', 'log_to_stderr',
              'allow_connection_pickling', 'set_executable', 'set_forkserver_preload'):
    setattr(BaseContext, _name, staticmethod(globals()[_name]))


class ForkContext(BaseContext):
    _name = 'fork'


class SpawnContext(BaseContext):
    _name = 'spawn'


class ForkServerContext(BaseContext):
    _name = 'forkserver'


_concrete_contexts = {'fork': ForkContext(), 'spawn': SpawnContext(), 'forkserver': ForkServerContext()}
_actual_context = [None]


def get_all_start_methods():
    return ['fork', 'spawn', 'forkserver']


def get_context(method=None):
    if method is None:
        if _actual_context[0] is None:
            _actual_context[0] = _concrete_contexts['fork']
        return _actual_context[0]
    if method not in _concrete_contexts:
        raise ValueError('cannot find context for %r' % method)
    return _concrete_contexts[method]


def get_start_method(allow_none=False):
    if _actual_context[0] is None:
        if allow_none:
            return None
        _actual_context[0] = _concrete_contexts['fork']
    return _actual_context[0]._name


def set_start_method(method, force=False):
    if _actual_context[0] is not None and not force:
        raise RuntimeError('context has already been set')
    if method is None and force:
        _actual_context[0] = None
        return
    _actual_context[0] = get_context(method)


for _cls in (BaseContext, ForkContext, SpawnContext, ForkServerContext, BaseProcess, Process):
    _cls.__module__ = 'multiprocessing.context' if _cls is not BaseProcess else 'multiprocessing.process'
