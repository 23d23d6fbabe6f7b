# torch.multiprocessing for Kiln: PyTorch's wrapper of the standard multiprocessing module, imported
# at the top of training scripts (`import torch.multiprocessing as mp`: the Annotated Transformer,
# Hogwild examples, DDP launchers) that only spawn workers on some paths. As in PyTorch it re-exports
# everything of multiprocessing (engine/stdlib/multiprocessing: the process-free part) and adds the
# tensor-sharing strategy calls (Linux: 'file_descriptor' by default, of {'file_descriptor',
# 'file_system'}; an unknown strategy fails PyTorch's assert) and spawn / start_processes with their
# exception classes. Starting worker processes raises NotImplementedError, as in multiprocessing:
# Kiln runs programs without processes.
import multiprocessing
from multiprocessing import *  # noqa: F401,F403

__all__ = ["set_sharing_strategy", "get_sharing_strategy", "get_all_sharing_strategies"]
__all__ += multiprocessing.__all__

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
    __slots__ = ["error_index", "error_pid"]

    def __init__(self, msg, error_index, pid):
        super().__init__(msg)
        self.msg = msg
        self.error_index = error_index
        self.pid = pid

    def __reduce__(self):
        return type(self), (self.msg, self.error_index, self.pid)


class ProcessRaisedException(ProcessException):
    def __init__(self, msg, error_index, error_pid):
        super().__init__(msg, error_index, error_pid)


class ProcessExitedException(ProcessException):
    __slots__ = ["exit_code"]

    def __init__(self, msg, error_index, error_pid, exit_code, signal_name=None):
        super().__init__(msg, error_index, error_pid)
        self.exit_code = exit_code
        self.signal_name = signal_name

    def __reduce__(self):
        return (type(self), (self.msg, self.error_index, self.pid, self.exit_code, self.signal_name))


class ProcessContext:
    def __init__(self, processes, error_files):
        self.error_files = error_files
        self.processes = processes

    def pids(self):
        return [int(process.pid) for process in self.processes]


class SpawnContext(ProcessContext):
    pass


def start_processes(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    multiprocessing.get_context(start_method)  # an unknown method fails first, as in PyTorch
    raise NotImplementedError("torch.multiprocessing.start_processes() is not supported in Kiln: programs cannot start processes")


def spawn(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    multiprocessing.get_context(start_method)
    raise NotImplementedError("torch.multiprocessing.spawn() is not supported in Kiln: programs cannot start processes")
