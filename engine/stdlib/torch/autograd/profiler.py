# torch.autograd.profiler: the legacy profile context manager (enabled, use_cuda, record_shapes, ...;
# key_averages, table, function_events, export_chrome_trace, print(prof) shows the table) and
# record_function, which is the same class as torch.profiler.record_function. Like torch.profiler
# in Kiln, it records the ranges the program names (record_function), not individual operators.
import warnings

from torch.profiler import EventList, FunctionEvent, FunctionEventAvg, record_function  # noqa: F401
from torch.profiler import _Recorder, _active

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

    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self.entered = True
        self._recorder = _Recorder()
        _active.append(self._recorder)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        if not self.enabled:
            return False
        r = self._recorder
        for ev in list(r.stack):
            r.close(ev)
        if r in _active:
            _active.remove(r)
        self.function_events = EventList(sorted(r.events, key=lambda e: e.start_us))
        self._recorder = None
        return False

    def _check_finish(self):
        if self.function_events is None:
            raise RuntimeError("Profiler didn't finish running")

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False):
        self._check_finish()
        return self.function_events.table(sort_by=sort_by, row_limit=row_limit, header=header)

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        self._check_finish()
        return self.function_events.key_averages(group_by_input_shape, group_by_stack_n)

    def total_average(self):
        self._check_finish()
        return self.function_events.total_average()

    def export_chrome_trace(self, path):
        self._check_finish()
        return self.function_events.export_chrome_trace(path)

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
