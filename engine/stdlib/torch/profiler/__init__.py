# torch.profiler: profile (a context manager with schedule / on_trace_ready / step()), record_function,
# ProfilerActivity, ProfilerAction, schedule and tensorboard_trace_handler, with PyTorch 2.11's
# signatures, schedule arithmetic and table layout, so that programs written against the profiler
# (performance tutorials, training loops that profile a few steps, FX's profiling tracer) run.
#
# Kiln's difference: the events are the ranges the program names (record_function, and the
# "ProfilerStep#N" range PyTorch opens at each step() of a scheduled profile), timed with
# time.perf_counter; Kiln does not record its individual tensor operators (PyTorch lists aten::
# rows), nor CUDA kernels, memory or FLOPs. The tables and traces are built from those ranges.
import json
import os
import time
import warnings
from enum import Enum

__all__ = ["profile", "record_function", "ProfilerActivity", "ProfilerAction", "schedule",
           "tensorboard_trace_handler", "supported_activities", "EventList", "FunctionEvent"]


class ProfilerActivity(Enum):
    CPU = 0
    XPU = 1
    MTIA = 2
    CUDA = 3
    HPU = 4
    PrivateUse1 = 5

    def __repr__(self):
        return f"<ProfilerActivity.{self.name}: {self.value}>"


def supported_activities():
    return {ProfilerActivity.CPU}


class ProfilerAction(Enum):
    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def schedule(*, wait, warmup, active, repeat=0, skip_first=0, skip_first_wait=0):
    # torch/profiler/profiler.py's schedule: skip_first steps, then cycles of wait / warmup / active
    # steps (the last active step of a cycle saves), repeat cycles (0: for ever)
    def schedule_fn(step):
        assert step >= 0
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if skip_first_wait != 0:
            step += wait
        num_steps = wait + warmup + active
        if repeat > 0 and step / num_steps >= repeat:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < wait:
            return ProfilerAction.NONE
        if mod_step < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if mod_step < num_steps - 1 else ProfilerAction.RECORD_AND_SAVE

    assert wait >= 0 and warmup >= 0 and active > 0 and repeat >= 0 and skip_first >= 0, \
        "Invalid profiler schedule arguments"
    if warmup == 0:
        warnings.warn("Profiler won't be using warmup, this can skew profiler results")
    return schedule_fn


def _default_schedule_fn(_):
    return ProfilerAction.RECORD


class FunctionEvent:
    def __init__(self, id, name, start_us, end_us, thread=0, depth=0):
        self.id = id
        self.name = name
        self.key = name
        self.thread = thread
        self.start_us = start_us
        self.end_us = end_us
        self.depth = depth
        self.cpu_children = []
        self.cpu_parent = None
        self.count = 1
        self.device_type = "CPU"
        self.is_async = False
        self.input_shapes = []
        self.stack = []

    @property
    def cpu_time_total(self):
        return self.end_us - self.start_us

    @property
    def self_cpu_time_total(self):
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.cpu_children)

    @property
    def cpu_time(self):
        return self.cpu_time_total

    @property
    def device_time_total(self):
        return 0.0

    cuda_time_total = device_time_total
    self_device_time_total = device_time_total
    self_cuda_time_total = device_time_total

    def __repr__(self):
        return (f"<FunctionEvent id={self.id} name={self.name} device_type=DeviceType.CPU "
                f"cpu_time={_format_time(self.cpu_time_total)} start_us={self.start_us:.3f} "
                f"end_us={self.end_us:.3f} cpu_children={[c.id for c in self.cpu_children]} "
                f"input_shapes={self.input_shapes} thread={self.thread}>")


class FunctionEventAvg:
    def __init__(self, key):
        self.key = key
        self.count = 0
        self.cpu_time_total = 0.0
        self.self_cpu_time_total = 0.0
        self.device_time_total = 0.0
        self.self_device_time_total = 0.0
        self.cuda_time_total = 0.0
        self.self_cuda_time_total = 0.0
        self.input_shapes = None
        self.stack = None

    def add(self, ev):
        self.count += ev.count
        self.cpu_time_total += ev.cpu_time_total
        self.self_cpu_time_total += ev.self_cpu_time_total
        return self

    @property
    def cpu_time(self):
        return self.cpu_time_total / self.count if self.count else 0.0

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={_format_time(self.self_cpu_time_total)} "
                f"cpu_time={_format_time(self.cpu_time_total)} input_shapes={self.input_shapes}>")


def _format_time(us):
    # torch/autograd/profiler_util.py's _format_time
    if us >= 1e6:
        return f"{us / 1e6:.3f}s"
    if us >= 1e3:
        return f"{us / 1e3:.3f}ms"
    return f"{us:.3f}us"


def _format_pct(part, total):
    return f"{(part / total * 100.0) if total else 0.0:.2f}%"


_SORT_KEYS = {"cpu_time_total", "self_cpu_time_total", "cpu_time", "count", "device_time_total",
              "self_device_time_total", "cuda_time_total", "self_cuda_time_total", "cpu_memory_usage",
              "self_cpu_memory_usage", "device_memory_usage", "cuda_memory_usage", "self_cuda_memory_usage",
              "flops"}


class EventList(list):
    def __init__(self, *args, **kwargs):
        super().__init__(*args)

    @property
    def self_cpu_time_total(self):
        return sum(e.self_cpu_time_total for e in self)

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        stats = {}
        for ev in self:
            stats.setdefault(ev.key, FunctionEventAvg(ev.key)).add(ev)
        return EventList(stats.values())

    def total_average(self):
        total = FunctionEventAvg("Total")
        for ev in self:
            total.add(ev)
        return total

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        rows = list(self)
        if sort_by is not None:
            if sort_by not in _SORT_KEYS:
                raise AttributeError(f"'FunctionEventAvg' object has no attribute '{sort_by}'")
            key = sort_by.replace("cuda", "device")
            rows.sort(key=lambda e: getattr(e, key, 0.0) if not key.endswith("memory_usage") and key != "flops" else 0,
                      reverse=True)
        if row_limit is not None and row_limit > 0:
            rows = rows[:row_limit]
        total_self = sum(e.self_cpu_time_total for e in self)
        names = [e.key if len(e.key) <= max_name_column_width else e.key[:max_name_column_width - 3] + "..."
                 for e in rows]
        name_w = max([len("Name")] + [len(n) for n in names]) + 4
        heads = ["Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg", "# of Calls"]
        col_w = 12
        line = "-" * name_w + "  " + "  ".join("-" * col_w for _ in heads) + "  "
        out = []
        if header is not None:
            out += ["=" * len(line), header]
        out.append(line)
        out.append("Name".rjust(name_w) + "  " + "  ".join(h.rjust(col_w) for h in heads) + "  ")
        out.append(line)
        for n, e in zip(names, rows):
            cells = [_format_pct(e.self_cpu_time_total, total_self), _format_time(e.self_cpu_time_total),
                     _format_pct(e.cpu_time_total, total_self), _format_time(e.cpu_time_total),
                     _format_time(e.cpu_time_total / e.count if e.count else 0.0), str(e.count)]
            out.append(n.rjust(name_w) + "  " + "  ".join(c.rjust(col_w) for c in cells) + "  ")
        out.append(line)
        out.append(f"Self CPU time total: {_format_time(total_self)}")
        return "\n".join(out) + "\n"

    def export_chrome_trace(self, path):
        trace = {"traceEvents": [
            {"name": e.name, "ph": "X", "ts": e.start_us, "dur": e.cpu_time_total, "tid": e.thread, "pid": "CPU functions",
             "args": {}} for e in self if isinstance(e, FunctionEvent)]}
        with open(path, "w") as f:
            json.dump(trace, f)

    def __str__(self):
        return self.table()


class _Recorder:
    # the ranges of the profile being recorded, nested by open order
    def __init__(self):
        self.events = []
        self.stack = []
        self.t0 = time.perf_counter()

    def now_us(self):
        return (time.perf_counter() - self.t0) * 1e6

    def open(self, name):
        ev = FunctionEvent(len(self.events) + 1, name, self.now_us(), 0.0, depth=len(self.stack))
        if self.stack:
            ev.cpu_parent = self.stack[-1]
            self.stack[-1].cpu_children.append(ev)
        self.events.append(ev)
        self.stack.append(ev)
        return ev

    def close(self, ev):
        ev.end_us = self.now_us()
        if ev in self.stack:
            while self.stack and self.stack[-1] is not ev:
                self.stack.pop().end_us = ev.end_us
            self.stack.pop()


_active = []  # the recorders of the profiles now recording (innermost last)


class record_function:
    # a named range in the profiles that are recording; a context manager and a decorator
    def __init__(self, name, args=None):
        self.name = name
        self.args = args
        self.run_callbacks_on_exit = True
        self._events = []

    def __enter__(self):
        self._events = [(r, r.open(self.name)) for r in _active]
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        for r, ev in self._events:
            r.close(ev)
        self._events = []
        return False

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with record_function(self.name, self.args):
                return fn(*args, **kwargs)
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper


class _KinetoProfile:
    def __init__(self, *, activities=None, record_shapes=False, profile_memory=False, with_stack=False,
                 with_flops=False, with_modules=False, experimental_config=None, execution_trace_observer=None,
                 acc_events=False, custom_trace_id_callback=None):
        self.activities = set(activities) if activities else supported_activities()
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self.with_flops = with_flops
        self.with_modules = with_modules
        self._recorder = None
        self._events = EventList()

    def _start_recording(self):
        self._recorder = _Recorder()
        _active.append(self._recorder)

    def _stop_recording(self):
        r = self._recorder
        if r is None:
            return
        for ev in list(r.stack):
            r.close(ev)
        if r in _active:
            _active.remove(r)
        # PyTorch's function events group every step range under one name (its trace keeps the numbers)
        for e in r.events:
            if e.name.startswith("ProfilerStep#"):
                e.name = "ProfilerStep*"
        self._events = EventList(sorted(r.events, key=lambda e: e.start_us))
        self._recorder = None

    def start(self):
        self._start_recording()

    def stop(self):
        self._stop_recording()

    def events(self):
        return self._events

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        return self._events.key_averages(group_by_input_shape, group_by_stack_n)

    def export_chrome_trace(self, path):
        return self._events.export_chrome_trace(path)

    def export_stacks(self, path, metric="self_cpu_time_total"):
        with open(path, "w") as f:
            for e in self._events:
                f.write(f"{e.name} {int(e.self_cpu_time_total)}\n")

    def add_metadata(self, key, value):
        pass

    def add_metadata_json(self, key, value):
        pass


class profile(_KinetoProfile):
    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None,
                 custom_trace_id_callback=None):
        if use_cuda is not None:
            warnings.warn("`use_cuda` is deprecated, use `activities` argument instead", FutureWarning, stacklevel=2)
        super().__init__(activities=activities, record_shapes=record_shapes, profile_memory=profile_memory,
                         with_stack=with_stack, with_flops=with_flops, with_modules=with_modules)
        self.schedule = schedule if schedule is not None else _default_schedule_fn
        self.record_steps = schedule is not None
        self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self._step_event = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.stop()
        return False

    def _recording(self, action):
        return action in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)

    def _open_step(self):
        if self.record_steps and self._recorder is not None:
            self._step_event = self._recorder.open(f"ProfilerStep#{self.step_num}")

    def _close_step(self):
        if self._step_event is not None and self._recorder is not None:
            self._recorder.close(self._step_event)
        self._step_event = None

    def _save(self):
        self._close_step()
        self._stop_recording()
        if self.on_trace_ready:
            self.on_trace_ready(self)

    def start(self):
        # warmup steps run the program unrecorded (PyTorch discards what its warmup collects)
        if self._recording(self.current_action):
            self._start_recording()
            self._open_step()

    def stop(self):
        self._close_step()
        if self._recorder is not None:
            self._save()

    def step(self):
        prev = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self._close_step()
        if self._recording(prev) and (prev == ProfilerAction.RECORD_AND_SAVE or not self._recording(self.current_action)):
            self._save()
        if self._recording(self.current_action):
            if self._recorder is None:
                self._start_recording()
            self._open_step()


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False):
    # writes each saved profile as a Chrome trace <worker>.<time>.pt.trace.json under dir_name
    def handler_fn(prof):
        os.makedirs(dir_name, exist_ok=True)
        name = worker_name or f"kiln_{os.getpid()}"
        file_name = f"{name}.{time.time_ns() // 1000000}.pt.trace.json"
        prof.export_chrome_trace(os.path.join(dir_name, file_name))
    return handler_fn


class _ITraceObserver:
    pass


class ExecutionTraceObserver(_ITraceObserver):
    def __init__(self):
        self._path = None

    def register_callback(self, output_file_path):
        self._path = output_file_path
        return self

    def unregister_callback(self):
        pass

    def get_output_file_path(self):
        return self._path


# The profiler:: operators (torch.ops.profiler._record_function_enter / _record_function_exit and
# their _new forms), which FX passes emit to keep record_function ranges in traced code
# (pytorch/examples fx/profiling_tracer.py): a range opened by enter and closed by exit, held by a
# handle the program passes from one to the other. torch._ops imports this module before resolving
# an operator of the profiler namespace.
def _register_profiler_ops():
    import torch
    import torch.library

    open_ranges = {}
    lib = torch.library.Library("profiler", "FRAGMENT")
    lib.define("_record_function_enter(str name, str? args=None) -> Tensor")
    lib.define("_record_function_exit(Tensor handle) -> ()")
    lib.define("_record_function_enter_new(str name, str? args=None) -> Tensor")

    def enter(name, args=None):
        rf = record_function(name, args)
        rf.__enter__()
        key = len(open_ranges) + 1
        while key in open_ranges:
            key += 1
        open_ranges[key] = rf
        return torch.tensor(key, dtype=torch.int64)

    def exit_(handle):
        rf = open_ranges.pop(int(handle.item()), None)
        if rf is None:
            raise RuntimeError("_record_function_exit: the handle is not an open record_function range")
        rf.__exit__(None, None, None)

    lib.impl("_record_function_enter", enter, "CompositeImplicitAutograd")
    lib.impl("_record_function_enter_new", enter, "CompositeImplicitAutograd")
    lib.impl("_record_function_exit", exit_, "CompositeImplicitAutograd")
    return lib


_profiler_ops = None


def _ensure_profiler_ops():
    global _profiler_ops
    if _profiler_ops is None:
        _profiler_ops = _register_profiler_ops()
