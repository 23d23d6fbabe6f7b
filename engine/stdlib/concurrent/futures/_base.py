# concurrent.futures._base: Future, Executor, wait and as_completed as CPython 3.11 defines them, for
# futures that finish on Kiln's one thread (see concurrent/futures/__init__.py).
import collections
import logging
import time

FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'
_AS_COMPLETED = '_AS_COMPLETED'

PENDING = 'PENDING'
RUNNING = 'RUNNING'
CANCELLED = 'CANCELLED'
CANCELLED_AND_NOTIFIED = 'CANCELLED_AND_NOTIFIED'
FINISHED = 'FINISHED'

_FUTURE_STATES = [PENDING, RUNNING, CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED]

_STATE_TO_DESCRIPTION_MAP = {
    PENDING: "pending",
    RUNNING: "running",
    CANCELLED: "cancelled",
    CANCELLED_AND_NOTIFIED: "cancelled",
    FINISHED: "finished"
}

LOGGER = logging.getLogger("concurrent.futures")


class Error(Exception):
    """Base class for all future-related exceptions."""
    pass


class CancelledError(Error):
    """The Future was cancelled."""
    pass


TimeoutError = TimeoutError


class InvalidStateError(Error):
    """The operation is not allowed in this state."""
    pass


class BrokenExecutor(RuntimeError):
    """Raised when a executor has become non-functional after a severe failure."""


def _never_finishes(what):
    raise RuntimeError(f"{what} would wait forever: the future is not finished and Kiln runs one thread")


class Future(object):
    """Represents the result of an asynchronous computation."""

    def __init__(self):
        self._state = PENDING
        self._result = None
        self._exception = None
        self._done_callbacks = []

    def _invoke_callbacks(self):
        for callback in self._done_callbacks:
            try:
                callback(self)
            except Exception:
                LOGGER.exception('exception calling callback for %r', self)

    def __repr__(self):
        if self._state == FINISHED:
            if self._exception:
                return '<%s at %#x state=%s raised %s>' % (
                    self.__class__.__name__, id(self), _STATE_TO_DESCRIPTION_MAP[self._state],
                    self._exception.__class__.__name__)
            return '<%s at %#x state=%s returned %s>' % (
                self.__class__.__name__, id(self), _STATE_TO_DESCRIPTION_MAP[self._state],
                self._result.__class__.__name__)
        return '<%s at %#x state=%s>' % (self.__class__.__name__, id(self), _STATE_TO_DESCRIPTION_MAP[self._state])

    def cancel(self):
        if self._state in [RUNNING, FINISHED]:
            return False
        if self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]:
            return True
        self._state = CANCELLED
        self._invoke_callbacks()
        return True

    def cancelled(self):
        return self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]

    def running(self):
        return self._state == RUNNING

    def done(self):
        return self._state in [CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED]

    def __get_result(self):
        if self._exception:
            try:
                raise self._exception
            finally:
                self = None
        else:
            return self._result

    def add_done_callback(self, fn):
        if self._state not in [CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED]:
            self._done_callbacks.append(fn)
            return
        try:
            fn(self)
        except Exception:
            LOGGER.exception('exception calling callback for %r', self)

    def result(self, timeout=None):
        try:
            if self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]:
                raise CancelledError()
            elif self._state == FINISHED:
                return self.__get_result()
            if timeout is None:
                _never_finishes("Future.result()")
            if timeout > 0:
                time.sleep(timeout)
            raise TimeoutError()
        finally:
            self = None

    def exception(self, timeout=None):
        if self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]:
            raise CancelledError()
        elif self._state == FINISHED:
            return self._exception
        if timeout is None:
            _never_finishes("Future.exception()")
        if timeout > 0:
            time.sleep(timeout)
        raise TimeoutError()

    def set_running_or_notify_cancel(self):
        if self._state == CANCELLED:
            self._state = CANCELLED_AND_NOTIFIED
            return False
        elif self._state == PENDING:
            self._state = RUNNING
            return True
        else:
            LOGGER.critical('Future %s in unexpected state: %s', id(self), self._state)
            raise RuntimeError('Future in unexpected state')

    def set_result(self, result):
        if self._state in {CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED}:
            raise InvalidStateError('{}: {!r}'.format(self._state, self))
        self._result = result
        self._state = FINISHED
        self._invoke_callbacks()

    def set_exception(self, exception):
        if self._state in {CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED}:
            raise InvalidStateError('{}: {!r}'.format(self._state, self))
        self._exception = exception
        self._state = FINISHED
        self._invoke_callbacks()


def _result_or_cancel(fut, timeout=None):
    try:
        try:
            return fut.result(timeout)
        finally:
            fut.cancel()
    finally:
        del fut


class Executor(object):
    """This is an abstract base class for concrete asynchronous executors."""

    def submit(self, fn, /, *args, **kwargs):
        raise NotImplementedError()

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        if timeout is not None:
            end_time = timeout + time.monotonic()
        fs = [self.submit(fn, *args) for args in zip(*iterables)]

        def result_iterator():
            try:
                fs.reverse()
                while fs:
                    if timeout is None:
                        yield _result_or_cancel(fs.pop())
                    else:
                        yield _result_or_cancel(fs.pop(), end_time - time.monotonic())
            finally:
                for future in fs:
                    future.cancel()
        return result_iterator()

    def shutdown(self, wait=True, *, cancel_futures=False):
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


DoneAndNotDoneFutures = collections.namedtuple('DoneAndNotDoneFutures', 'done not_done')


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    fs = set(fs)
    done = set(f for f in fs if f._state in [CANCELLED_AND_NOTIFIED, FINISHED])
    not_done = fs - done
    if (return_when == FIRST_COMPLETED) and done:
        return DoneAndNotDoneFutures(done, not_done)
    elif (return_when == FIRST_EXCEPTION) and done:
        if any(f for f in done if not f.cancelled() and f.exception() is not None):
            return DoneAndNotDoneFutures(done, not_done)
    if len(done) == len(fs):
        return DoneAndNotDoneFutures(done, not_done)
    if timeout is None:
        _never_finishes("wait()")
    if timeout > 0:
        time.sleep(timeout)
    return DoneAndNotDoneFutures(done, not_done)


def as_completed(fs, timeout=None):
    if timeout is not None:
        end_time = timeout + time.monotonic()
    fs = set(fs)
    total_futures = len(fs)
    finished = set(f for f in fs if f._state in [CANCELLED_AND_NOTIFIED, FINISHED])
    pending = fs - finished
    for f in finished:
        yield f
    if pending:
        if timeout is None:
            _never_finishes("as_completed()")
        wait_timeout = end_time - time.monotonic()
        if wait_timeout > 0:
            time.sleep(wait_timeout)
        raise TimeoutError('%d (of %d) futures unfinished' % (len(pending), total_futures))
