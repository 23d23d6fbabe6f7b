# torch.autograd.profiler: the legacy profile context manager (enabled, use_cuda, record_shapes, ...;
# key_averages, table, function_events, export_chrome_trace, print(prof) shows the table) and
# record_function, which is the same class as torch.profiler.record_function. It records the same
# operator, autograd and record_function events as torch.profiler (see its module comment).
import warnings

from torch.profiler import EventList, FunctionEvent, FunctionEventAvg, record_function  # noqa: F401
from torch.profiler import _KinetoProfile, _Recorder, _active

__all__ = ["profile", "record_function", "emit_nvtx", "emit_itt", "EventList", "FunctionEvent"]


class profile:
    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False, with_flops=False,
                 profile_memory=False, with_stack=False, with_modules=False, use_kineto=False, use_cpu=True,
                 experimental_config=None, acc_events=False, custom_trace_id_callback=None):
        if use_cuda:
            warnings.warn("The attribute `use_cuda` will be deprecated soon, please use ``use_device = 'cuda'`` instead.",
                          FutureWarning, stacklevel=2)
        self.enabled = enabled
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self.entered = False
        self.function_events = None
        self._recorder = None
        self._raw = []
        self._t0_ns = 0
        self._metadata = {}
        self._events = None

    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self.entered = True
        self._recorder = _Recorder(self.record_shapes)
        _active.append(self._recorder)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        if not self.enabled:
            return False
        r = self._recorder
        if r in _active:
            _active.remove(r)
        r.finish()
        self._raw, self._t0_ns = r.raw, r.t0_ns
        self.function_events = r.function_events(profile_memory=self.profile_memory)
        self._events = self.function_events
        self._recorder = None
        return False

    def _check_finish(self):
        if self.function_events is None:
            raise RuntimeError("Profiler didn't finish running")

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False):
        self._check_finish()
        return self.function_events.table(sort_by=sort_by, row_limit=row_limit,
                                          max_src_column_width=max_src_column_width,
                                          max_name_column_width=max_name_column_width,
                                          max_shapes_column_width=max_shapes_column_width, header=header,
                                          top_level_events_only=top_level_events_only)

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        self._check_finish()
        return self.function_events.key_averages(group_by_input_shape, group_by_stack_n, group_by_overload_name)

    def total_average(self):
        self._check_finish()
        return self.function_events.total_average()

    def export_chrome_trace(self, path):
        # PyTorch's builds have Kineto: the same trace file as torch.profiler's
        self._check_finish()
        return _KinetoProfile.export_chrome_trace(self, path)

    def export_stacks(self, path, metric="self_cpu_time_total"):
        self._check_finish()
        return self.function_events.export_stacks(path, metric)

    @property
    def self_cpu_time_total(self):
        self._check_finish()
        return self.function_events.self_cpu_time_total

    def __repr__(self):
        if self.function_events is None:
            return "<unfinished torch.autograd.profile>"
        return repr(self.function_events)

    def __str__(self):
        if self.function_events is None:
            return "<unfinished torch.autograd.profile>"
        return str(self.function_events)


class emit_nvtx:
    def __init__(self, enabled=True, record_shapes=False):
        self.enabled = enabled

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


emit_itt = emit_nvtx
