# torch.backends.cudnn: cuDNN's flags (benchmark, deterministic, enabled, allow_tf32). Kiln has no
# cuDNN (its convolutions are its own kernels): is_available() is False and the flags, kept so a
# program reads back what it set, select nothing. flags(...) is the context manager form.
import contextlib

enabled = True
benchmark = False
benchmark_limit = 10
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None


def is_acceptable(tensor):
    return False


@contextlib.contextmanager
def flags(enabled=False, benchmark=False, benchmark_limit=10, deterministic=False, allow_tf32=True):
    g = globals()
    saved = (g["enabled"], g["benchmark"], g["benchmark_limit"], g["deterministic"], g["allow_tf32"])
    g["enabled"], g["benchmark"], g["benchmark_limit"], g["deterministic"], g["allow_tf32"] = (
        enabled, benchmark, benchmark_limit, deterministic, allow_tf32)
    try:
        yield
    finally:
        g["enabled"], g["benchmark"], g["benchmark_limit"], g["deterministic"], g["allow_tf32"] = saved
