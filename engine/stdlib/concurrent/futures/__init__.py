# concurrent.futures for Kiln: CPython 3.11's futures (Future with its states, callbacks, reprs and
# errors; wait, as_completed, Executor.map) over Kiln's one thread. ThreadPoolExecutor runs each
# work item when it is submitted, on this thread: the schedule of a pool whose worker picks the item up
# at once, so `list(ex.map(load, paths))` and `[f.result() for f in futures]` give CPython's results
# in CPython's order (a task that waits for something the submitting code does later cannot finish in
# that schedule and raises instead of hanging, as Kiln's threading waits do). ProcessPoolExecutor
# checks its arguments and raises NotImplementedError on submit, as multiprocessing's Pool does: Kiln
# starts no processes.
from concurrent.futures._base import (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED, CancelledError, TimeoutError,
                                      InvalidStateError, BrokenExecutor, Future, Executor, wait, as_completed)
from concurrent.futures.thread import ThreadPoolExecutor
from concurrent.futures.process import ProcessPoolExecutor

__all__ = ('FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED', 'CancelledError', 'TimeoutError', 'BrokenExecutor',
           'Future', 'Executor', 'wait', 'as_completed', 'ProcessPoolExecutor', 'ThreadPoolExecutor')
