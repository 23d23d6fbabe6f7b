# contextlib: contextmanager (works with any generator: next() to enter, next()/throw() to leave),
# nullcontext, suppress, closing, ExitStack (enter_context, callback, push, pop_all, close, LIFO
# unwinding with exception chaining as CPython's), redirect_stdout/redirect_stderr, ContextDecorator,
# AbstractContextManager and chdir.

import abc as _abc
from functools import wraps as _wraps

__all__ = ['asynccontextmanager', 'contextmanager', 'closing', 'nullcontext', 'AbstractContextManager',
           'AbstractAsyncContextManager', 'AsyncExitStack', 'ContextDecorator', 'ExitStack', 'redirect_stdout',
           'redirect_stderr', 'suppress', 'aclosing', 'chdir']


class AbstractContextManager(_abc.ABC):
    def __enter__(self):
        return self

    @_abc.abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        return None


class AbstractAsyncContextManager(_abc.ABC):
    pass


class ContextDecorator:
    # A context manager usable as a decorator: the function runs inside `with self._recreate_cm():`.
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @_wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(ContextDecorator):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, '__doc__', None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(typ, value, traceback)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                exc.__traceback__ = traceback
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                value.__traceback__ = traceback
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            exc.__traceback__ = traceback
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    @_wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


def asynccontextmanager(func):
    raise NotImplementedError('asynccontextmanager is not supported in Kiln (no async)')


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class aclosing(AbstractContextManager):
    def __init__(self, thing):
        raise NotImplementedError('aclosing is not supported in Kiln (no async)')

    def __exit__(self, *exc_info):
        return None


class nullcontext(AbstractContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        import sys
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        import sys
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    _stream = 'stdout'


class redirect_stderr(_RedirectStream):
    _stream = 'stderr'


class chdir(AbstractContextManager):
    def __init__(self, path):
        self.path = path
        self._old_cwd = []

    def __enter__(self):
        import os
        self._old_cwd.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *excinfo):
        import os
        os.chdir(self._old_cwd.pop())


class ExitStack(AbstractContextManager):
    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            self._exit_callbacks.append(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        enter = getattr(cls, '__enter__', None)
        exit = getattr(cls, '__exit__', None)
        if enter is None or exit is None:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does not support the context manager "
                            'protocol')
        result = enter(cm)
        self._push_cm_exit(cm, exit)
        return result

    def callback(self, callback, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def _push_cm_exit(self, cm, cm_exit):
        def _exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)
        self._exit_callbacks.append(_exit_wrapper)

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        pending_raise = False
        suppressed_exc = False
        pending_exc = exc_details[1]
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if pending_exc is None:
                    details = (None, None, None)
                else:
                    details = (type(pending_exc), pending_exc, None)
                if cb(*details):
                    suppressed_exc = True
                    pending_raise = False
                    pending_exc = None
            except BaseException as new_exc:
                # The new exception's context is the one being handled, as a nested `with` would set.
                if pending_exc is not None and new_exc is not pending_exc and new_exc.__context__ is None:
                    new_exc.__context__ = pending_exc
                pending_raise = True
                pending_exc = new_exc
        if pending_raise:
            raise pending_exc
        return received_exc and suppressed_exc


class AsyncExitStack:
    def __init__(self):
        raise NotImplementedError('AsyncExitStack is not supported in Kiln (no async)')
