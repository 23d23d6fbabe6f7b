# concurrent.futures.process: ProcessPoolExecutor's argument checks as CPython 3.11 makes them; submitting
# work raises NotImplementedError, as multiprocessing's Pool does: Kiln starts no processes.
import os

from concurrent.futures import _base


class BrokenProcessPool(_base.BrokenExecutor):
    """Raised when a process in a ProcessPoolExecutor terminated abruptly while a future was in the running state."""


class ProcessPoolExecutor(_base.Executor):
    def __init__(self, max_workers=None, mp_context=None, initializer=None, initargs=(), *, max_tasks_per_child=None):
        if max_workers is None:
            self._max_workers = os.cpu_count() or 1
        else:
            if max_workers <= 0:
                raise ValueError("max_workers must be greater than 0")
            self._max_workers = max_workers
        if initializer is not None and not callable(initializer):
            raise TypeError("initializer must be a callable")
        if max_tasks_per_child is not None:
            if not isinstance(max_tasks_per_child, int):
                raise TypeError("max_tasks_per_child must be an integer")
            elif max_tasks_per_child <= 0:
                raise ValueError("max_tasks_per_child must be >= 1")
        self._shutdown_thread = False

    def submit(self, fn, /, *args, **kwargs):
        if self._shutdown_thread:
            raise RuntimeError('cannot schedule new futures after shutdown')
        raise NotImplementedError("concurrent.futures.ProcessPoolExecutor.submit is not supported in Kiln: programs "
                                  "cannot start processes (ThreadPoolExecutor runs work items in this process)")

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._shutdown_thread = True
