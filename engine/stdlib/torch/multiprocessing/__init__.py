# torch.multiprocessing for Kiln: PyTorch's wrapper of the standard multiprocessing module (everything
# multiprocessing exports, plus the tensor sharing strategies and spawn/start_processes). RL scripts
# (minimalRL's a2c/a3c) and DDP launchers import it at the top; Kiln starts no processes, so
# spawn/start_processes with nprocs > 0 stop at the first Process.start() with multiprocessing's
# NotImplementedError, and nprocs=0 (a launcher given torch.cuda.device_count() on a CPU machine)
# returns as PyTorch's does. Tensors need no reducers: there is no other process to send them to.
import multiprocessing
import warnings
from multiprocessing import *

__all__ = ["set_sharing_strategy", "get_sharing_strategy", "get_all_sharing_strategies"]
__all__ += multiprocessing.__all__

ENV_VAR_PARALLEL_START = "TORCH_MP_PARALLEL_START"

_sharing_strategy = "file_descriptor"
_all_sharing_strategies = {"file_descriptor", "file_system"}


def set_sharing_strategy(new_strategy):
    global _sharing_strategy
    assert new_strategy in _all_sharing_strategies
    _sharing_strategy = new_strategy


def get_sharing_strategy():
    return _sharing_strategy


def get_all_sharing_strategies():
    return _all_sharing_strategies


class ProcessException(Exception):
    def __init__(self, msg, error_index, pid):
        super().__init__(msg)
        self.msg = msg
        self.error_index = error_index
        self.pid = pid


class ProcessRaisedException(ProcessException):
    def __init__(self, msg, error_index, error_pid):
        super().__init__(msg, error_index, error_pid)


class ProcessExitedException(ProcessException):
    def __init__(self, msg, error_index, error_pid, exit_code, signal_name=None):
        super().__init__(msg, error_index, error_pid)
        self.exit_code = exit_code
        self.signal_name = signal_name


class ProcessContext:
    def __init__(self, processes, error_files):
        self.error_files = error_files
        self.processes = processes
        self.sentinels = {process.sentinel: index for index, process in enumerate(processes)}

    def pids(self):
        return [int(process.pid) for process in self.processes]

    def join(self, timeout=None, grace_period=None):
        # Only a context of no processes can exist in Kiln (start() raises first).
        return len(self.sentinels) == 0


class SpawnContext(ProcessContext):
    def __init__(self, processes, error_files):
        warnings.warn("SpawnContext is renamed to ProcessContext since 1.4 release.", stacklevel=2)
        super().__init__(processes, error_files)


def _wrap(fn, i, args, error_file):
    fn(i, *args)


def start_processes(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    mp = multiprocessing.get_context(start_method)
    error_files = [None] * nprocs
    processes = [None] * nprocs
    for i in range(nprocs):
        process = mp.Process(target=_wrap, args=(fn, i, args, None), daemon=daemon)
        process.start()
        processes[i] = process
    context = ProcessContext(processes, error_files)
    if not join:
        return context
    while not context.join():
        pass


def spawn(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    if start_method != "spawn":
        msg = (f"This method only supports start_method=spawn (got: {start_method}).\n"
               "To use a different start_method use:\n\t\t"
               " torch.multiprocessing.start_processes(...)")
        warnings.warn(msg, FutureWarning, stacklevel=2)
    return start_processes(fn, args, nprocs, join, daemon, start_method="spawn")
