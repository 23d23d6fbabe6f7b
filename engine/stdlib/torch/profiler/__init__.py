# torch.profiler: profile (a context manager with schedule / on_trace_ready / step()), record_function,
# ProfilerActivity, ProfilerAction, schedule and tensorboard_trace_handler, with PyTorch 2.11's
# signatures, schedule arithmetic, events and table layout (torch/autograd/profiler_util.py), so
# that programs written against the profiler (performance tutorials, training loops that profile a
# few steps, FX's profiling tracer) run and print what PyTorch prints, times aside.
#
# The events: every operator a torch call reaches (aten::linear, aten::addmm, aten::relu, ... with
# record_shapes=True the sizes of each schema argument), every autograd node the backward engine runs
# ("autograd::engine::evaluate_function: AddmmBackward0" around "AddmmBackward0"), the ranges the
# program names (record_function) and the "ProfilerStep#N" range PyTorch opens at each step() of a
# scheduled profile. They are recorded natively (engine/support/profiler.h) on one strictly
# increasing clock and nested here by their time intervals, as profiler_util.py's
# _populate_cpu_children does. Kiln's difference: the operators are the ones the program calls; the
# operators PyTorch's composite kernels call inside them (aten::linear's aten::t and aten::addmm)
# are not separate events, and there are no CUDA kernel, memory or FLOP records.
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


class DeviceType(Enum):
    # torch.autograd.DeviceType's names (c10::DeviceType order) as the events print them
    CPU = 0
    CUDA = 1
    META = 9

    def __str__(self):
        return f"DeviceType.{self.name}"

    __repr__ = __str__


class Interval:
    def __init__(self, start, end):
        self.start = start
        self.end = end

    def elapsed_us(self):
        return self.end - self.start


def _format_time(time_us):
    # torch/autograd/profiler_util.py's _format_time
    if time_us >= 1000.0 * 1000.0:
        return f"{time_us / (1000.0 * 1000.0):.3f}s"
    if time_us >= 1000.0:
        return f"{time_us / 1000.0:.3f}ms"
    return f"{time_us:.3f}us"


def _format_time_share(time_us, total_time_us):
    if total_time_us == 0:
        assert time_us == 0, f"Expected time_us == 0 but got {time_us}"
        return "NaN"
    return f"{time_us * 100.0 / total_time_us:.2f}%"


def _format_memory(nbytes):
    KB = 1024
    MB = 1024 * KB
    GB = 1024 * MB
    if abs(nbytes) >= GB:
        return f"{nbytes * 1.0 / GB:.2f} GB"
    if abs(nbytes) >= MB:
        return f"{nbytes * 1.0 / MB:.2f} MB"
    if abs(nbytes) >= KB:
        return f"{nbytes * 1.0 / KB:.2f} KB"
    return str(nbytes) + " B"


class _FormattedTimes:
    @property
    def cpu_time(self):
        return 0.0 if self.count == 0 else 1.0 * self.cpu_time_total / self.count

    @property
    def device_time(self):
        return 0.0 if self.count == 0 else 1.0 * self.device_time_total / self.count

    @property
    def cuda_time(self):
        return self.device_time

    cpu_time_str = property(lambda self: _format_time(self.cpu_time))
    device_time_str = property(lambda self: _format_time(self.device_time))
    cpu_time_total_str = property(lambda self: _format_time(self.cpu_time_total))
    device_time_total_str = property(lambda self: _format_time(self.device_time_total))
    self_cpu_time_total_str = property(lambda self: _format_time(self.self_cpu_time_total))
    self_device_time_total_str = property(lambda self: _format_time(self.self_device_time_total))


class FunctionEvent(_FormattedTimes):
    """Profiling information about a single function."""

    def __init__(self, id, name, thread, start_us, end_us, overload_name=None, fwd_thread=None, input_shapes=None,
                 stack=None, scope=0, use_device=None, cpu_memory_usage=0, device_memory_usage=0, is_async=False,
                 is_remote=False, sequence_nr=-1, node_id=-1, device_type=DeviceType.CPU, device_index=0,
                 device_resource_id=None, is_legacy=False, flops=None, trace_name=None, concrete_inputs=None,
                 kwinputs=None, is_user_annotation=False, metadata_json=None):
        self.id = id
        self.node_id = node_id
        self.name = name
        self.overload_name = overload_name
        self.trace_name = trace_name
        self.time_range = Interval(start_us, end_us)
        self.thread = thread
        self.fwd_thread = fwd_thread
        self.kernels = []
        self.count = 1
        self.cpu_children = []
        self.cpu_parent = None
        self.input_shapes = input_shapes
        self.concrete_inputs = concrete_inputs
        self.kwinputs = kwinputs
        self.stack = stack
        self.scope = scope
        self.use_device = use_device
        self.cpu_memory_usage = cpu_memory_usage
        self.device_memory_usage = device_memory_usage
        self.is_async = is_async
        self.is_remote = is_remote
        self.sequence_nr = sequence_nr
        self.device_type = device_type
        self.device_index = device_index
        self.device_resource_id = thread if device_resource_id is None else device_resource_id
        self.is_legacy = is_legacy
        self.flops = flops
        self.is_user_annotation = is_user_annotation
        self.self_cpu_percent = -1
        self.total_cpu_percent = -1
        self.total_device_percent = -1
        self.metadata_json = metadata_json

    def append_cpu_child(self, child):
        self.cpu_children.append(child)

    def set_cpu_parent(self, parent):
        self.cpu_parent = parent

    @property
    def self_cpu_memory_usage(self):
        return self.cpu_memory_usage - sum(c.cpu_memory_usage for c in self.cpu_children)

    @property
    def self_device_memory_usage(self):
        return self.device_memory_usage - sum(c.device_memory_usage for c in self.cpu_children)

    self_cuda_memory_usage = self_device_memory_usage

    @property
    def cpu_time_total(self):
        return self.time_range.elapsed_us()

    @property
    def self_cpu_time_total(self):
        if self.is_async:
            return 0
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.cpu_children)

    @property
    def device_time_total(self):
        return 0

    @property
    def self_device_time_total(self):
        return 0

    cuda_time_total = device_time_total
    self_cuda_time_total = self_device_time_total

    @property
    def key(self):
        return self.name

    def __repr__(self):
        device_name = self.use_device
        return (f"<FunctionEvent id={self.id} name={self.name} overload_name={self.overload_name} "
                f"device_type={self.device_type} node_id={self.node_id} cpu_time={self.cpu_time_str} "
                f"start_us={self.time_range.start} end_us={self.time_range.end} "
                f"cpu_children={str([c.id for c in self.cpu_children])} {device_name}_time={self.device_time_str} "
                f"name={self.name} thread={self.thread} input_shapes={str(self.input_shapes)} "
                f"cpu_memory_usage={self.cpu_memory_usage} {device_name}_memory_usage={self.device_memory_usage} "
                f"is_async={self.is_async} is_remote={self.is_remote} seq_nr={self.sequence_nr} "
                f"is_legacy={self.is_legacy}>")


class FunctionEventAvg(_FormattedTimes):
    """Used to average stats over multiple FunctionEvent objects."""

    def __init__(self):
        self.key = None
        self.count = 0
        self.node_id = 0
        self.is_async = False
        self.is_remote = False
        self.use_device = None
        self.cpu_time_total = 0
        self.device_time_total = 0
        self.self_cpu_time_total = 0
        self.self_device_time_total = 0
        self.input_shapes = None
        self.overload_name = None
        self.stack = None
        self.scope = None
        self.cpu_memory_usage = 0
        self.device_memory_usage = 0
        self.self_cpu_memory_usage = 0
        self.self_device_memory_usage = 0
        self.cpu_children = None
        self.cpu_parent = None
        self.device_type = DeviceType.CPU
        self.is_legacy = False
        self.flops = 0
        self.is_user_annotation = False

    cuda_time_total = property(lambda self: self.device_time_total)
    self_cuda_time_total = property(lambda self: self.self_device_time_total)
    self_cuda_memory_usage = property(lambda self: self.self_device_memory_usage)

    def add(self, other):
        if self.key is None:
            self.key = other.key
            self.node_id = other.node_id
            self.is_async = other.is_async
            self.is_remote = other.is_remote
            self.cpu_parent = other.cpu_parent
            self.cpu_children = other.cpu_children
            self.overload_name = other.overload_name
            self.input_shapes = other.input_shapes
            self.stack = other.stack
            self.scope = other.scope
            self.device_type = other.device_type
            self.is_legacy = other.is_legacy
            self.use_device = other.use_device
            self.is_user_annotation = other.is_user_annotation
        assert isinstance(other, (FunctionEvent, FunctionEventAvg)), \
            "Expected other to be a FunctionEvent or FunctionEventAvg"
        assert other.key == self.key, f"Expected keys to match, but got {other.key} vs {self.key}"
        self.cpu_time_total += other.cpu_time_total
        self.device_time_total += other.device_time_total
        self.self_cpu_time_total += other.self_cpu_time_total
        self.self_device_time_total += other.self_device_time_total
        self.cpu_memory_usage += other.cpu_memory_usage
        self.device_memory_usage += other.device_memory_usage
        self.self_cpu_memory_usage += other.self_cpu_memory_usage
        self.self_device_memory_usage += other.self_device_memory_usage
        self.count += other.count
        if self.flops is None:
            self.flops = other.flops
        elif other.flops is not None:
            self.flops += other.flops
        return self

    def __iadd__(self, other):
        return self.add(other)

    def __repr__(self):
        device_name = "cuda" if not self.use_device else self.use_device
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={self.self_cpu_time_total_str} "
                f"cpu_time={self.cpu_time_str}  self_{device_name}_time={self.self_device_time_total_str} "
                f"{device_name}_time={self.device_time_str} input_shapes={str(self.input_shapes)} "
                f"cpu_memory_usage={self.cpu_memory_usage} {device_name}_memory_usage={self.device_memory_usage}>")


class EventList(list):
    """A list of Events (for pretty printing)."""

    def __init__(self, *args, **kwargs):
        use_device = kwargs.pop("use_device", None)
        profile_memory = kwargs.pop("profile_memory", False)
        with_flops = kwargs.pop("with_flops", False)
        super().__init__(*args, **kwargs)
        self._use_device = use_device
        self._profile_memory = profile_memory
        self._tree_built = False
        self._with_flops = with_flops

    def _build_tree(self):
        self._populate_cpu_children()
        self._remove_dup_nodes()
        self._tree_built = True

    def __str__(self):
        return self.table()

    def _remove_dup_nodes(self):
        # an event whose only child has its name is one call seen twice: the child goes
        while True:
            to_delete = set()
            for idx in range(len(self)):
                ev = self[idx]
                if ev.cpu_parent is not None and ev.cpu_parent.name == ev.name and len(ev.cpu_parent.cpu_children) == 1:
                    ev.cpu_parent.cpu_children = ev.cpu_children
                    for ch in ev.cpu_children:
                        ch.cpu_parent = ev.cpu_parent
                    to_delete.add(idx)
            if not to_delete:
                break
            kept = [ev for i, ev in enumerate(self) if i not in to_delete]
            self.clear()
            self.extend(kept)

    def _populate_cpu_children(self):
        # an event is a child of the innermost event whose interval holds its own (per thread)
        events = sorted((e for e in self if not e.is_async and e.device_type == DeviceType.CPU),
                        key=lambda e: e.thread)
        by_thread = {}
        for e in events:
            by_thread.setdefault((e.thread, e.node_id), []).append(e)
        for thread_events in by_thread.values():
            thread_events.sort(key=lambda e: [e.time_range.start, -e.time_range.end])
            current = []
            for event in thread_events:
                while current:
                    parent = current[-1]
                    if event.time_range.start >= parent.time_range.end or event.time_range.end > parent.time_range.end:
                        current.pop()
                    else:
                        parent.append_cpu_child(event)
                        event.set_cpu_parent(parent)
                        break
                current.append(event)

    @property
    def self_cpu_time_total(self):
        return sum(e.self_cpu_time_total for e in self)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        return _build_table(self, sort_by=sort_by, row_limit=row_limit, max_src_column_width=max_src_column_width,
                            max_name_column_width=max_name_column_width,
                            max_shapes_column_width=max_shapes_column_width, header=header,
                            profile_memory=self._profile_memory, with_flops=self._with_flops,
                            top_level_events_only=top_level_events_only, time_unit=time_unit)

    def export_chrome_trace(self, path):
        # the legacy profiler's trace: a JSON list of complete ("X") events
        items = []
        for evt in self:
            if evt.trace_name is None:
                continue
            items.append({"name": evt.trace_name, "ph": "X", "ts": evt.time_range.start,
                          "dur": evt.time_range.elapsed_us(), "tid": evt.thread, "pid": "CPU functions", "args": {}})
        with open(path, "w") as f:
            json.dump(items, f)

    def supported_export_stacks_metrics(self):
        return ["self_cpu_time_total", "self_cuda_time_total", "self_xpu_time_total", "self_privateuse1_time_total"]

    def export_stacks(self, path, metric):
        if metric not in self.supported_export_stacks_metrics():
            raise ValueError("metric should be one of: " + str(self.supported_export_stacks_metrics()))
        translate_table = str.maketrans(" ;\t\n", "____")
        with open(path, "w") as f:
            for evt in self:
                if evt.stack and len(evt.stack) > 0:
                    value = getattr(evt, metric.replace("cuda", "device").replace("xpu", "device")
                                    .replace("privateuse1", "device"))
                    if int(value) > 0:
                        stack_str = ";".join(e.translate(translate_table) for e in reversed(evt.stack))
                        f.write(stack_str + " " + str(int(value)) + "\n")

    def key_averages(self, group_by_input_shapes=False, group_by_stack_n=0, group_by_overload_name=False):
        assert self._tree_built, "Expected tree to be built before calling key_averages"
        stats = {}

        def get_key(event):
            key = [str(event.key), str(event.node_id), str(event.device_type), str(event.is_legacy),
                   str(event.is_user_annotation)]
            if group_by_overload_name:
                key.append(event.overload_name)
            if group_by_input_shapes:
                key.append(str(event.input_shapes))
            if group_by_stack_n > 0:
                key += (event.stack or [])[:group_by_stack_n]
            return tuple(key)

        for evt in self:
            k = get_key(evt)
            if k not in stats:
                stats[k] = FunctionEventAvg()
            stats[k].add(evt)
        avg_list = EventList(stats.values(), use_device=self._use_device, profile_memory=self._profile_memory,
                             with_flops=self._with_flops)
        for evt in avg_list:
            evt.stack = (evt.stack or [])[:group_by_stack_n]
            if not group_by_input_shapes:
                evt.input_shapes = ""
            if not group_by_overload_name:
                evt.overload_name = ""
        return avg_list

    def total_average(self):
        total_stat = FunctionEventAvg()
        for evt in self:
            total_stat += evt
            total_stat.key = None
        total_stat.key = "Total"
        return total_stat


_SORT_KEYS = ("cpu_time", "cuda_time", "xpu_time", "device_time", "cpu_time_total", "cuda_time_total",
              "xpu_time_total", "device_time_total", "self_cpu_time_total", "self_cuda_time_total",
              "self_xpu_time_total", "self_device_time_total", "cpu_memory_usage", "cuda_memory_usage",
              "xpu_memory_usage", "device_memory_usage", "self_cpu_memory_usage", "self_cuda_memory_usage",
              "self_xpu_memory_usage", "self_device_memory_usage", "count", "flops")


def _build_table(events, sort_by=None, header=None, row_limit=100, max_src_column_width=75,
                 max_name_column_width=55, max_shapes_column_width=80, with_flops=False, profile_memory=False,
                 top_level_events_only=False, time_unit=None):
    # torch/autograd/profiler_util.py's _build_table: the column set, widths and texts of PyTorch's table
    if len(events) == 0:
        return ""
    has_input_shapes = any(e.input_shapes is not None and len(e.input_shapes) > 0 for e in events)
    has_overload_names = any(e.overload_name is not None and len(e.overload_name) > 0 for e in events)
    if sort_by is not None:
        attr = sort_by.replace("cuda", "device").replace("xpu", "device").replace("privateuse1", "device")
        events = EventList(sorted(events, key=lambda evt: getattr(evt, attr), reverse=True),
                           profile_memory=profile_memory, with_flops=with_flops)
    name_column_width = max(len(evt.key) for evt in events) + 4
    if max_name_column_width is not None:
        name_column_width = min(name_column_width, max_name_column_width)
    shapes_column_width = max(len(str(evt.input_shapes)) for evt in events) + 4
    if max_shapes_column_width is not None:
        shapes_column_width = min(shapes_column_width, max_shapes_column_width)
    DEFAULT_COLUMN_WIDTH = 12
    stacks = [evt.stack for evt in events if evt.stack is not None and len(evt.stack) > 0]
    has_stack = len(stacks) > 0
    src_column_width = None
    if has_stack:
        src_column_width = max(max(len(entry) for entry in stack) for stack in stacks) + 4
        if max_src_column_width is not None:
            src_column_width = min(src_column_width, max_src_column_width)
    headers = ["Name"]
    if has_overload_names:
        headers.append("Overload Name")
    headers += ["Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]
    if profile_memory:
        headers += ["CPU Mem", "Self CPU Mem"]
    headers.append("# of Calls")
    SPACING_SIZE = 2
    row_format = [""]
    header_sep = [""]
    line_length = [-SPACING_SIZE]

    def add_column(padding, text_dir=">"):
        row_format[0] += "{: " + text_dir + str(padding) + "}" + (" " * SPACING_SIZE)
        header_sep[0] += "-" * padding + (" " * SPACING_SIZE)
        line_length[0] += padding + SPACING_SIZE

    add_column(name_column_width)
    if has_overload_names:
        add_column(name_column_width)
    for _ in headers[1 + has_overload_names:]:
        add_column(DEFAULT_COLUMN_WIDTH)
    if has_input_shapes:
        headers.append("Input Shapes")
        add_column(shapes_column_width)
    if has_stack:
        headers.append("Source Location")
        add_column(src_column_width, text_dir="<")
    fmt = row_format[0]
    result = []

    def append(s):
        result.append(s)
        result.append("\n")

    def override_time_unit(time_us, default_str):
        if time_unit == "s":
            return f"{time_us / 1e6:.3f}s"
        if time_unit == "ms":
            return f"{time_us / 1e3:.3f}ms"
        if time_unit == "us":
            return f"{time_us:.3f}us"
        return default_str

    def trim_path(path, width):
        if len(path) > width:
            path = path[len(path) - width:]
            if len(path) > 3:
                path = "..." + path[3:]
        return path

    sum_self_cpu_time_total = sum(evt.self_cpu_time_total for evt in events)
    if header is not None:
        append("=" * line_length[0])
        append(header)
    if top_level_events_only:
        append("=" * line_length[0])
        append("This report only display top-level ops statistics")
    append(header_sep[0])
    append(fmt.format(*headers))
    append(header_sep[0])
    event_limit = 0
    for evt in events:
        if event_limit == row_limit:
            break
        if top_level_events_only and evt.cpu_parent is not None:
            continue
        event_limit += 1
        name = evt.key
        if max_name_column_width is not None and len(name) >= max_name_column_width - 3:
            name = name[:(max_name_column_width - 3)] + "..."
        evt.self_cpu_percent = _format_time_share(evt.self_cpu_time_total, sum_self_cpu_time_total)
        evt.total_cpu_percent = (_format_time_share(evt.cpu_time_total, sum_self_cpu_time_total)
                                 if not evt.is_async else 0)
        row = [name]
        if has_overload_names:
            overload_name = evt.overload_name
            if max_name_column_width is not None and len(overload_name) >= max_name_column_width - 3:
                overload_name = overload_name[:(max_name_column_width - 3)] + "..."
            row.append(overload_name)
        row += [evt.self_cpu_percent, override_time_unit(evt.self_cpu_time_total, evt.self_cpu_time_total_str),
                evt.total_cpu_percent, override_time_unit(evt.cpu_time_total, evt.cpu_time_total_str),
                override_time_unit(evt.cpu_time, evt.cpu_time_str)]
        if profile_memory:
            row += [_format_memory(evt.cpu_memory_usage), _format_memory(evt.self_cpu_memory_usage)]
        row.append(evt.count)
        if has_input_shapes:
            row.append(str(evt.input_shapes)[:shapes_column_width])
        if has_stack:
            row.append(trim_path(evt.stack[0], src_column_width) if len(evt.stack) > 0 else "")
        append(fmt.format(*row))
        if has_stack:
            empty = [""] * (len(headers) - 1)
            for entry in evt.stack[1:]:
                append(fmt.format(*(empty + [trim_path(entry, src_column_width)])))
            empty.append("")
            append(fmt.format(*empty))
    append(header_sep[0])
    append(f"Self CPU time total: {override_time_unit(sum_self_cpu_time_total, _format_time(sum_self_cpu_time_total))}")
    return "".join(result)


_FILTERED_NAMES = ("[memory]", "[OutOfMemory]", "profiler::_record_function_enter",
                   "profiler::_record_function_enter_new", "profiler::_record_function_exit", "aten::is_leaf",
                   "aten::output_nr", "aten::_version")


class _Recorder:
    # one recording profile: where its events begin in the native buffer, and its start time
    def __init__(self, record_shapes=False):
        import torch
        self.record_shapes = bool(record_shapes)
        self.index = torch._kiln_profiler_start(self.record_shapes)
        self.t0_ns = torch._kiln_profiler_now()
        self.raw = None

    def finish(self):
        # the events recorded since the start (open record_function ranges end here)
        import torch
        now = torch._kiln_profiler_now()
        for rf in list(_open_ranges):
            torch._kiln_profiler_push(rf.name, rf._start_ns, now)
        raw = torch._kiln_profiler_events(self.index)
        torch._kiln_profiler_stop(self.record_shapes)
        self.raw = [r for r in raw if r[1] >= self.t0_ns and r[0] not in _FILTERED_NAMES]
        return self.raw

    def function_events(self, use_device=None, profile_memory=False, with_flops=False, wildcard_steps=True):
        # the events as PyTorch's _parse_kineto_results makes them: microseconds from the start, sorted
        # by start (longer first), ids in that order, ProfilerStep#N as ProfilerStep* for the tables
        rows = sorted(self.raw or [], key=lambda r: (r[1], -r[2]))
        events = []
        for i, (name, start, end, shapes, user) in enumerate(rows):
            key = "ProfilerStep*" if wildcard_steps and name.startswith("ProfilerStep#") else name
            events.append(FunctionEvent(i + 1, key, 1, (start - self.t0_ns) / 1000.0, (end - self.t0_ns) / 1000.0,
                                        overload_name="", input_shapes=shapes if shapes is not None else [],
                                        stack=[], use_device=use_device, trace_name=name,
                                        is_user_annotation=user))
        ev = EventList(events, use_device=use_device, profile_memory=profile_memory, with_flops=with_flops)
        ev._build_tree()
        return ev


_open_ranges = []  # the record_function ranges now open (innermost last)


def _profiling():
    return bool(_active)


_active = []  # the recorders of the profiles now recording (innermost last)


class record_function:
    """A named range in the profiles that are recording; a context manager and a decorator."""

    def __init__(self, name, args=None):
        self.name = name
        self.args = args
        self.run_callbacks_on_exit = True
        self._start_ns = None

    def __enter__(self):
        if _active:
            import torch
            self._start_ns = torch._kiln_profiler_now()
            _open_ranges.append(self)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self._start_ns is not None and self in _open_ranges:
            import torch
            _open_ranges.remove(self)
            if _active:
                torch._kiln_profiler_push(self.name, self._start_ns, torch._kiln_profiler_now())
        self._start_ns = None
        return False

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with record_function(self.name, self.args):
                return fn(*args, **kwargs)
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__qualname__ = getattr(fn, "__qualname__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        wrapper.__wrapped__ = fn
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
        self.acc_events = acc_events
        self._recorder = None
        self._raw = []
        self._t0_ns = 0
        self._events = None
        self._metadata = {}

    def _start_recording(self):
        self._recorder = _Recorder(self.record_shapes)
        _active.append(self._recorder)

    def _stop_recording(self):
        r = self._recorder
        if r is None:
            return
        if r in _active:
            _active.remove(r)
        r.finish()
        # acc_events keeps the events of earlier cycles of a schedule
        self._raw = (self._raw if self.acc_events else []) + r.raw
        self._t0_ns = r.t0_ns if not (self.acc_events and self._events is not None) else self._t0_ns
        r.raw = self._raw
        r.t0_ns = self._t0_ns
        self._events = r.function_events(profile_memory=self.profile_memory, with_flops=self.with_flops)
        self._recorder = None

    def start(self):
        self._start_recording()

    def stop(self):
        self._stop_recording()

    def events(self):
        assert self._events is not None, "Profiler didn't finish running"
        return self._events

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        return self.events().key_averages(group_by_input_shape, group_by_stack_n, group_by_overload_name)

    def export_chrome_trace(self, path):
        # Kineto's trace format: an object with traceEvents of complete ("X") events, operators in the
        # cpu_op category, record_function ranges in user_annotation, times in microseconds
        assert self._events is not None, "Profiler didn't finish running"
        pid = os.getpid()
        base_us = time.time() * 1e6 - (time.perf_counter_ns() / 1000.0)
        trace_events = []
        for i, (name, start, end, shapes, user) in enumerate(sorted(self._raw, key=lambda r: (r[1], -r[2]))):
            args = {"External id": i + 1, "Record function id": 0, "Ev Idx": i}
            if shapes is not None:
                args["Input Dims"] = shapes
            trace_events.append({"ph": "X", "cat": "user_annotation" if user else "cpu_op", "name": name,
                                 "pid": pid, "tid": pid, "ts": round(start / 1000.0, 3),
                                 "dur": round((end - start) / 1000.0, 3), "args": args})
        trace_events.append({"name": "process_name", "ph": "M", "ts": 0, "pid": pid, "tid": 0,
                             "args": {"name": "python3"}})
        trace_events.append({"name": "thread_name", "ph": "M", "ts": 0, "pid": pid, "tid": pid,
                             "args": {"name": "thread 1 (python3)"}})
        doc = {"schemaVersion": 1, "deviceProperties": [], "traceEvents": trace_events,
               "traceName": str(path), "displayTimeUnit": "ms", "baseTimeNanoseconds": int(base_us * 1000)}
        doc.update(self._metadata)
        if str(path).endswith(".gz"):
            import gzip
            with gzip.open(path, "wt") as f:
                json.dump(doc, f)
        else:
            with open(path, "w") as f:
                json.dump(doc, f)
        return None

    def export_stacks(self, path, metric="self_cpu_time_total"):
        return self.events().export_stacks(path, metric)

    def add_metadata(self, key, value):
        self._metadata[key] = value

    def add_metadata_json(self, key, value):
        self._metadata[key] = json.loads(value)

    def _get_distributed_info(self):
        return None


class profile(_KinetoProfile):
    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None,
                 custom_trace_id_callback=None):
        if use_cuda is not None:
            warnings.warn("`use_cuda` is deprecated, use `activities` argument instead", FutureWarning, stacklevel=2)
        super().__init__(activities=activities, record_shapes=record_shapes, profile_memory=profile_memory,
                         with_stack=with_stack, with_flops=with_flops, with_modules=with_modules,
                         acc_events=acc_events)
        self.schedule = schedule if schedule is not None else _default_schedule_fn
        self.record_steps = schedule is not None
        self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self._step_rf = None

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
            self._step_rf = record_function(f"ProfilerStep#{self.step_num}")
            self._step_rf.__enter__()

    def _close_step(self):
        if self._step_rf is not None:
            self._step_rf.__exit__(None, None, None)
        self._step_rf = None

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
        file_name = f"{name}.{time.time_ns() // 1000000}.pt.trace.json" + (".gz" if use_gzip else "")
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
        # the handle is a tensor, as PyTorch's (its aten::empty is an event of the profile)
        rf = record_function(name, args)
        rf.__enter__()
        handle = torch.empty(0, dtype=torch.uint8)
        open_ranges[id(handle)] = (handle, rf)
        return handle

    def exit_(handle):
        entry = open_ranges.pop(id(handle), None)
        if entry is None:
            raise RuntimeError("_record_function_exit: the handle is not an open record_function range")
        entry[1].__exit__(None, None, None)

    lib.impl("_record_function_enter", enter, "CompositeImplicitAutograd")
    lib.impl("_record_function_enter_new", enter, "CompositeImplicitAutograd")
    lib.impl("_record_function_exit", exit_, "CompositeImplicitAutograd")
    return lib


_profiler_ops = None


def _ensure_profiler_ops():
    global _profiler_ops
    if _profiler_ops is None:
        _profiler_ops = _register_profiler_ops()
