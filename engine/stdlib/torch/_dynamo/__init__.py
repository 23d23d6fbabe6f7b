# torch._dynamo's Python half: the native module (engine/bindings/dynamo.cpp: explain, reset, config,
# mark_dynamic, disable, list_backends, exc, ...) fills this dict first, then this file adds what is
# naturally Python: optimize(), the entry point older tutorials and the original TorchDynamo README
# use (`@torch._dynamo.optimize("inductor")`, `torch._dynamo.optimize(my_compiler)(fn)`), which
# compiles as torch.compile does. The submodules utils (counters) and testing (CompileCounter) are
# files beside this one.
import os as _os


class _NullDecorator:
    # What optimize(disable=True) returns: a no-op context manager and decorator (PyTorch's is a
    # contextlib.nullcontext subclass).
    def __enter__(self):
        return None

    def __exit__(self, *exc_info):
        return None

    def __call__(self, fn):
        assert callable(fn), f"A callable function is expected, but {type(fn)} is provided."
        return fn


class OptimizeContext:
    # optimize()'s result: a decorator that compiles its function or module (torch.compile with the
    # same backend, fullgraph=nopython, dynamic). PyTorch refuses it as a `with` block.
    def __init__(self, decorate):
        self._decorate = decorate

    def __call__(self, fn):
        return self._decorate(fn)

    def __enter__(self):
        raise RuntimeError(
            "torch._dynamo.optimize(...) is used with a context manager. "
            "Please refer to https://pytorch.org/tutorials/intermediate/torch_compile_tutorial.html "
            "to use torch._dynamo.optimize(...) as an annotation/decorator. "
        )

    def __exit__(self, *exc_info):
        return None


def optimize(backend="inductor", *, nopython=False, error_on_graph_break=None, guard_export_fn=None,
             guard_fail_fn=None, guard_filter_fn=None, disable=False, dynamic=None):
    import torch
    for name, hook in (("guard_export_fn", guard_export_fn), ("guard_fail_fn", guard_fail_fn),
                       ("guard_filter_fn", guard_filter_fn)):
        if hook is not None:
            raise NotImplementedError(
                f"torch._dynamo.optimize({name}=...) is not supported in Kiln: "
                "TORCH_LOGS=guards,recompiles prints the guards and why a frame recompiles")
    if disable or _os.environ.get("TORCHDYNAMO_DISABLE", "") == "1":
        return _NullDecorator()
    # torch.compile's decorator form checks the backend now, as get_compiler_fn does here.
    return OptimizeContext(torch.compile(backend=backend, fullgraph=bool(nopython), dynamic=dynamic))


# torch._dynamo.utils.counters: Dynamo's running counts (engine/capture/dynamo/dynamo.cpp `count`):
# counters["frames"]["total"/"ok"], counters["stats"]["unique_graphs"/"calls_captured"],
# counters["graph_break"][reason], counters["unimplemented"][reason]. reset() leaves them, as
# PyTorch's does; counters.clear() empties them.
import collections as _collections

_counters = _collections.defaultdict(_collections.Counter)

from torch._dynamo import utils  # noqa: E402,F401  (reachable as torch._dynamo.utils, as in PyTorch)


# torch.compiler.disable(fn, recursive=False) (the native disable() calls this): PyTorch 2.11's
# decorators.disable returns get_nonrecursive_disable_wrapper(fn), a functools.wraps wrapper marked
# _torchdynamo_disable. Dynamo refuses to inline it ("Skip inlining `torch.compiler.disable()`d
# function"); the wrapper's frame is torch's own (never compiled), the hook runs the frame of fn that
# it calls eagerly (convert_frame's check of the previous frame's code, dynamo.cpp), and what fn calls
# compiles as usual. torch.compile and a recursive disable() of the wrapper reach fn through
# _torchdynamo_orig_callable (innermost_fn).
def _innermost_fn(fn):
    while hasattr(fn, "_torchdynamo_orig_callable"):
        fn = fn._torchdynamo_orig_callable
        assert callable(fn)
    return fn


def _disable_nonrecursive(fn, reason=None):
    import functools

    def wrap(fn):
        fn = _innermost_fn(fn)
        assert callable(fn)

        @functools.wraps(fn)
        def nonrecursive_disable_wrapper(*args, **kwargs):
            return fn(*args, **kwargs)

        nonrecursive_disable_wrapper._torchdynamo_disable = True
        nonrecursive_disable_wrapper._torchdynamo_disable_msg = reason
        nonrecursive_disable_wrapper._torchdynamo_orig_callable = fn
        nonrecursive_disable_wrapper._torchdynamo_wrapper_id = id(nonrecursive_disable_wrapper)
        nonrecursive_disable_wrapper._torchdynamo_disable_recursive = False
        return nonrecursive_disable_wrapper

    if fn is None:
        return wrap
    return wrap(fn)
