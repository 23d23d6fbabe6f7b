# multiprocessing for Kiln: the module real programs import at the top for `cpu_count()` (data
# loader worker counts: lucidrains' denoising-diffusion-pytorch, many Trainer classes), for the
# start-method calls of training scripts (`set_start_method('spawn')` under `if __name__ ==
# '__main__'`) and through torch.multiprocessing. Its process-free part is CPython 3.11's: cpu_count,
# current_process / parent_process / active_children, the start-method context API
# (get_context, get/set_start_method with CPython's 'context has already been set' and
# 'cannot find context' errors, get_all_start_methods), freeze_support, the process-local
# synchronisation objects (Lock, RLock, Semaphore, BoundedSemaphore, Event, Condition) and queues
# (Queue, JoinableQueue, SimpleQueue: a put item can be got back in the same process, as in CPython),
# and the Process object's attributes (name 'Process-N', daemon, is_alive, exitcode, join before
# start raises CPython's AssertionError). Starting a process (Process.start, Pool, Manager) raises
# NotImplementedError, worded as subprocess and os.system do: Kiln runs programs without processes.
# Kiln runs one thread, so a blocking acquire/get that could only be ended by another process or
# thread raises at once instead of hanging (queue.Empty for a get, as a timeout would end;
# RuntimeError for a lock), as engine/stdlib/queue.py does.
import os
import sys
from collections import deque
from queue import Empty, Full

__all__ = ['Array', 'AuthenticationError', 'Barrier', 'BoundedSemaphore', 'BufferTooShort', 'Condition', 'Event',
           'JoinableQueue', 'Lock', 'Manager', 'Pipe', 'Pool', 'Process', 'ProcessError', 'Queue', 'RLock',
           'RawArray', 'RawValue', 'Semaphore', 'SimpleQueue', 'TimeoutError', 'Value', 'active_children',
           'allow_connection_pickling', 'cpu_count', 'current_process', 'freeze_support', 'get_all_start_methods',
           'get_context', 'get_logger', 'get_start_method', 'log_to_stderr', 'parent_process',
           'reducer', 'set_executable', 'set_forkserver_preload', 'set_start_method']


class ProcessError(Exception):
    pass


class BufferTooShort(ProcessError):
    pass


class TimeoutError(ProcessError):
    pass


class AuthenticationError(ProcessError):
    pass


def _no_processes(what):
    raise NotImplementedError(f"multiprocessing.{what} is not supported in Kiln: programs cannot start processes")


def cpu_count():
    # CPython: os.cpu_count(), or NotImplementedError('cannot determine number of cpus') when unknown
    num = os.cpu_count()
    if num is None:
        raise NotImplementedError('cannot determine number of cpus')
    return num


# ---- process objects ------------------------------------------------------------------------------

_counter = [0]


class BaseProcess:
    def __init__(self, group=None, target=None, name=None, args=(), kwargs={}, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        _counter[0] += 1
        self._identity = (_counter[0],)
        self._config = {'authkey': b'', 'daemon': False} if daemon is None else {'authkey': b'', 'daemon': daemon}
        self._parent_pid = os.getpid()
        self._popen = None
        self._closed = False
        self._target = target
        self._args = tuple(args)
        self._kwargs = dict(kwargs)
        self._name = name or type(self).__name__ + '-' + ':'.join(str(i) for i in self._identity)

    def run(self):
        if self._target:
            self._target(*self._args, **self._kwargs)

    def start(self):
        assert self._popen is None, 'cannot start a process twice'
        _no_processes('Process.start()')

    def join(self, timeout=None):
        assert self._popen is not None, 'can only join a started process'

    def terminate(self):
        pass

    def kill(self):
        pass

    def close(self):
        self._closed = True

    def is_alive(self):
        if self is _current_process:
            return True
        return False

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        assert isinstance(name, str), 'name must be a string'
        self._name = name

    @property
    def daemon(self):
        return self._config.get('daemon', False)

    @daemon.setter
    def daemon(self, daemonic):
        assert self._popen is None, 'process has already started'
        self._config['daemon'] = daemonic

    @property
    def authkey(self):
        return self._config['authkey']

    @property
    def exitcode(self):
        return None

    @property
    def ident(self):
        if self is _current_process:
            return os.getpid()
        return None

    pid = ident

    @property
    def sentinel(self):
        raise ValueError('process not started')

    def __repr__(self):
        if self is _current_process:
            status = 'started'
        elif self._closed:
            status = 'closed'
        else:
            status = 'initial'
        info = [type(self).__name__, 'name=%r' % self._name]
        info.append('parent=%s' % self._parent_pid)
        info.append(status)
        if self.daemon:
            info.append('daemon')
        return '<%s>' % ' '.join(info)


class Process(BaseProcess):
    pass


class _MainProcess(BaseProcess):
    def __init__(self):
        self._identity = ()
        self._name = 'MainProcess'
        self._parent_pid = None
        self._popen = None
        self._closed = False
        self._config = {'authkey': b'', 'semprefix': '/mp'}
        self._target = None
        self._args = ()
        self._kwargs = {}


_current_process = _MainProcess()


def current_process():
    return _current_process


def parent_process():
    return None


def active_children():
    return []


# ---- start methods and contexts -------------------------------------------------------------------

_start_methods = ['fork', 'spawn', 'forkserver']


class BaseContext:
    ProcessError = ProcessError
    BufferTooShort = BufferTooShort
    TimeoutError = TimeoutError
    AuthenticationError = AuthenticationError

    def __init__(self, name=None):
        self._name = name

    def get_context(self, method=None):
        if method is None:
            return self if self._name is not None else _default_context.get_context()
        if method not in _contexts:
            raise ValueError('cannot find context for %r' % method)
        return _contexts[method]

    def get_start_method(self, allow_none=False):
        return self._name

    def set_start_method(self, method, force=False):
        raise ValueError('cannot set start method of concrete context')

    def get_all_start_methods(self):
        return list(_start_methods)

    def cpu_count(self):
        return cpu_count()

    def current_process(self):
        return current_process()

    def parent_process(self):
        return parent_process()

    def active_children(self):
        return active_children()

    def freeze_support(self):
        pass

    def Process(self, *args, **kwargs):
        return Process(*args, **kwargs)

    def Lock(self):
        return Lock()

    def RLock(self):
        return RLock()

    def Semaphore(self, value=1):
        return Semaphore(value)

    def BoundedSemaphore(self, value=1):
        return BoundedSemaphore(value)

    def Event(self):
        return Event()

    def Condition(self, lock=None):
        return Condition(lock)

    def Queue(self, maxsize=0):
        return Queue(maxsize)

    def JoinableQueue(self, maxsize=0):
        return JoinableQueue(maxsize)

    def SimpleQueue(self):
        return SimpleQueue()

    def Pool(self, processes=None, initializer=None, initargs=(), maxtasksperchild=None):
        return Pool(processes, initializer, initargs, maxtasksperchild)

    def Manager(self):
        return Manager()

    def Pipe(self, duplex=True):
        return Pipe(duplex)


class DefaultContext(BaseContext):
    def __init__(self, context):
        self._default_context = context
        self._actual_context = None

    def get_context(self, method=None):
        if method is None:
            if self._actual_context is None:
                self._actual_context = self._default_context
            return self._actual_context
        return BaseContext.get_context(self, method)

    def set_start_method(self, method, force=False):
        if self._actual_context is not None and not force:
            raise RuntimeError('context has already been set')
        if method is None and force:
            self._actual_context = None
            return
        self._actual_context = self.get_context(method)

    def get_start_method(self, allow_none=False):
        if self._actual_context is None:
            if allow_none:
                return None
            self._actual_context = self._default_context
        return self._actual_context._name

    def get_all_start_methods(self):
        return list(_start_methods)


_contexts = {name: BaseContext(name) for name in _start_methods}
# CPython 3.11 on Linux starts processes by fork unless told otherwise
_default_context = DefaultContext(_contexts['fork'])


def get_context(method=None):
    return _default_context.get_context(method)


def get_start_method(allow_none=False):
    return _default_context.get_start_method(allow_none)


def set_start_method(method, force=False):
    _default_context.set_start_method(method, force)


def get_all_start_methods():
    return _default_context.get_all_start_methods()


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
    if level:
        logger.setLevel(level)
    return logger


reducer = None


# ---- synchronisation (one process, one thread) ----------------------------------------------------

class _SemLock:
    _kind = 'Semaphore'

    def __init__(self, value, maxvalue):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value
        self._maxvalue = maxvalue

    def acquire(self, block=True, timeout=None):
        if self._value > 0:
            self._value -= 1
            return True
        if not block or timeout is not None:
            return False
        raise RuntimeError(f"{self._kind}.acquire() would wait forever: Kiln runs one process and one thread")

    def release(self):
        if self._value >= self._maxvalue:
            raise ValueError('semaphore or lock released too many times')
        self._value += 1

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *args):
        return self.release()

    def get_value(self):
        return self._value


class Lock(_SemLock):
    _kind = 'Lock'

    def __init__(self):
        _SemLock.__init__(self, 1, 1)

    def __repr__(self):
        return '<Lock(owner=%s)>' % ('MainProcess' if self._value == 0 else 'None')


class RLock:
    def __init__(self):
        self._count = 0

    def acquire(self, block=True, timeout=None):
        self._count += 1
        return True

    def release(self):
        if self._count == 0:
            raise AssertionError('attempt to release recursive lock not owned by thread')
        self._count -= 1

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *args):
        return self.release()

    def __repr__(self):
        if self._count:
            return '<RLock(MainProcess, %d)>' % self._count
        return '<RLock(None, 0)>'


class Semaphore(_SemLock):
    def __init__(self, value=1):
        _SemLock.__init__(self, value, 2147483647)

    def __repr__(self):
        return '<Semaphore(value=%s)>' % self._value


class BoundedSemaphore(_SemLock):
    _kind = 'BoundedSemaphore'

    def __init__(self, value=1):
        _SemLock.__init__(self, value, value)

    def __repr__(self):
        return '<BoundedSemaphore(value=%s, maxvalue=%s)>' % (self._value, self._maxvalue)


class Event:
    def __init__(self):
        self._flag = False

    def is_set(self):
        return self._flag

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if self._flag:
            return True
        if timeout is None:
            raise RuntimeError("Event.wait() would wait forever: Kiln runs one process and one thread")
        return False


class Condition:
    def __init__(self, lock=None):
        self._lock = lock or RLock()
        self.acquire = self._lock.acquire
        self.release = self._lock.release

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def wait(self, timeout=None):
        if timeout is None:
            raise RuntimeError("Condition.wait() would wait forever: Kiln runs one process and one thread")
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if result or timeout is not None:
            return result
        raise RuntimeError("Condition.wait_for() would wait forever: Kiln runs one process and one thread")

    def notify(self, n=1):
        pass

    def notify_all(self):
        pass


# ---- queues ---------------------------------------------------------------------------------------

class Queue:
    def __init__(self, maxsize=0):
        if maxsize <= 0:
            maxsize = 2147483647  # SEM_VALUE_MAX, as CPython
        self._maxsize = maxsize
        self._buffer = deque()
        self._closed = False

    def put(self, obj, block=True, timeout=None):
        if self._closed:
            raise ValueError(f"Queue {self!r} is closed")
        if len(self._buffer) >= self._maxsize:
            raise Full
        self._buffer.append(obj)

    def get(self, block=True, timeout=None):
        if self._closed:
            raise ValueError(f"Queue {self!r} is closed")
        if not self._buffer:
            raise Empty
        return self._buffer.popleft()

    def qsize(self):
        return len(self._buffer)

    def empty(self):
        return not self._buffer

    def full(self):
        return len(self._buffer) >= self._maxsize

    def get_nowait(self):
        return self.get(False)

    def put_nowait(self, obj):
        return self.put(obj, False)

    def close(self):
        self._closed = True

    def join_thread(self):
        assert self._closed, "Queue {0!r} not closed".format(self)

    def cancel_join_thread(self):
        pass


class JoinableQueue(Queue):
    def __init__(self, maxsize=0):
        Queue.__init__(self, maxsize)
        self._unfinished_tasks = 0

    def put(self, obj, block=True, timeout=None):
        Queue.put(self, obj, block, timeout)
        self._unfinished_tasks += 1

    def task_done(self):
        if self._unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self._unfinished_tasks -= 1

    def join(self):
        if self._unfinished_tasks:
            raise RuntimeError("JoinableQueue.join() would wait forever: Kiln runs one process and one thread")


class SimpleQueue:
    def __init__(self):
        self._buffer = deque()
        self._closed = False

    def close(self):
        self._closed = True

    def empty(self):
        return not self._buffer

    def put(self, obj):
        self._buffer.append(obj)

    def get(self):
        if not self._buffer:
            raise RuntimeError("SimpleQueue.get() would wait forever: Kiln runs one process and one thread")
        return self._buffer.popleft()


# ---- what needs other processes -------------------------------------------------------------------

def Pool(processes=None, initializer=None, initargs=(), maxtasksperchild=None, context=None):
    if processes is not None and processes < 1:
        raise ValueError("Number of processes must be at least 1")
    _no_processes('Pool()')


def Manager():
    _no_processes('Manager()')


def Pipe(duplex=True):
    _no_processes('Pipe()')


def Value(typecode_or_type, *args, lock=True):
    _no_processes('Value()')


def Array(typecode_or_type, size_or_initializer, *, lock=True):
    _no_processes('Array()')


def RawValue(typecode_or_type, *args):
    _no_processes('RawValue()')


def RawArray(typecode_or_type, size_or_initializer):
    _no_processes('RawArray()')


def Barrier(parties, action=None, timeout=None):
    return _Barrier(parties, action, timeout)


class _Barrier:
    def __init__(self, parties, action=None, timeout=None):
        self.parties = parties
        self.n_waiting = 0
        self.broken = False
        self._action = action

    def wait(self, timeout=None):
        if self.parties == 1:
            if self._action:
                self._action()
            return 0
        raise RuntimeError("Barrier.wait() would wait forever: Kiln runs one process and one thread")

    def reset(self):
        self.broken = False

    def abort(self):
        self.broken = True
