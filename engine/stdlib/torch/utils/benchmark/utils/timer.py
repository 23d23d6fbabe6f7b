# torch.utils.benchmark.Timer: times a Python statement string.
#
# Like PyTorch (through timeit), the statement and setup are compiled into one function
#     def inner(_it, _timer):
#         <setup>
#         _t0 = _timer()
#         for _i in _it:
#             <stmt>
#         _t1 = _timer()
#         return _t1 - _t0
# whose globals are the Timer's globals (plus `torch`). Kiln has no exec builtin; the function is
# compiled by the VM's compile entry point that torch.fx uses for generated code
# (torch.fx._kiln.exec_source). _timer is time.perf_counter. blocked_autorange and
# adaptive_autorange follow PyTorch's block-size estimate and measurement loop.
import time

import torch
from torch.utils.benchmark.utils import common


class Language:
    PYTHON = 0
    CPP = 1


def _indent_block(text, n):
    pad = " " * n
    lines = text.split("\n")
    return "\n".join(pad + line for line in lines)


_counter = [0]


class _CompiledStmt:
    def __init__(self, stmt, setup, globals):
        from torch.fx import _kiln
        source = ("def inner(_it, _timer):\n" + _indent_block(setup, 4) + "\n    _t0 = _timer()\n"
                  "    for _i in _it:\n" + _indent_block(stmt, 8) + "\n    _t1 = _timer()\n    return _t1 - _t0\n")
        _counter[0] += 1
        namespace = _kiln.exec_source(source, f"<timeit-src-{_counter[0]}>", globals)
        self.inner = namespace["inner"]

    def timeit(self, number):
        return self.inner(range(number), time.perf_counter)


class Timer:
    _timer_cls = _CompiledStmt

    def __init__(self, stmt="pass", setup="pass", global_setup="", timer=time.perf_counter, globals=None,
                 label=None, sub_label=None, description=None, env=None, num_threads=1, language=Language.PYTHON):
        if not isinstance(stmt, str):
            raise ValueError("Currently only a `str` stmt is supported.")
        if language not in (Language.PYTHON, "py", "python"):
            raise NotImplementedError("torch.utils.benchmark.Timer: C++ statements (language='cpp') are not supported "
                                      "in Kiln")
        self._globals = dict(globals or {})
        self._globals.setdefault("torch", torch)
        if global_setup:
            raise ValueError(f"global_setup is C++ only, got `{global_setup}`. Most likely this code can simply be "
                             "moved to `setup`.")
        stmt = _dedent(stmt)
        stmt = (stmt[:-1] if stmt and stmt[-1] == "\n" else stmt) or "pass"
        setup = _dedent(setup)
        setup = (setup[:-1] if setup and setup[-1] == "\n" else setup) or "pass"
        self._task_spec = common.TaskSpec(stmt=stmt, setup=setup, global_setup=global_setup, label=label,
                                          sub_label=sub_label, description=description, env=env,
                                          num_threads=num_threads)
        self._timer = _CompiledStmt(stmt, setup, self._globals)

    def _timeit(self, number):
        # Even calling a timer in C++ takes ~50 ns, so no real operation should take less than 1 ns.
        return max(self._timer.timeit(number), 1e-9)

    def timeit(self, number=1000000):
        with common.set_torch_threads(self._task_spec.num_threads):
            # Warmup
            self._timeit(number=max(int(number // 100), 2))
            return common.Measurement(number_per_run=number, raw_times=[self._timeit(number=number)],
                                      task_spec=self._task_spec)

    def repeat(self, repeat=-1, number=-1):
        raise NotImplementedError("See `Timer.blocked_autorange.`")

    def autorange(self, callback=None):
        raise NotImplementedError("See `Timer.blocked_autorange.`")

    def _threaded_measurement_loop(self, number, time_hook, stop_hook, min_run_time, max_run_time=None,
                                   callback=None):
        total_time = 0.0
        can_stop = False
        times = []
        with common.set_torch_threads(self._task_spec.num_threads):
            while (total_time < min_run_time) or (not can_stop):
                time_spent = time_hook()
                times.append(time_spent)
                total_time += time_spent
                if callback:
                    callback(number, time_spent)
                can_stop = stop_hook(times)
                if max_run_time and total_time > max_run_time:
                    break
        return times

    def _estimate_block_size(self, min_run_time):
        with common.set_torch_threads(self._task_spec.num_threads):
            overheads = sorted(self._timeit(0) for _ in range(5))
            overhead = overheads[2]
            number = 1
            while True:
                time_taken = self._timeit(number)
                relative_overhead = overhead / time_taken
                if relative_overhead <= 1e-4 and time_taken >= min_run_time / 1000:
                    break
                if time_taken > min_run_time:
                    break
                if number * 10 > 2147483647:
                    break
                number *= 10
        return number

    def blocked_autorange(self, callback=None, min_run_time=0.2):
        number = self._estimate_block_size(min_run_time)

        def time_hook():
            return self._timeit(number)

        def stop_hook(times):
            return True

        times = self._threaded_measurement_loop(number, time_hook, stop_hook, min_run_time=min_run_time,
                                                callback=callback)
        return common.Measurement(number_per_run=number, raw_times=times, task_spec=self._task_spec)

    def adaptive_autorange(self, threshold=0.1, *, min_run_time=0.01, max_run_time=10.0, callback=None):
        number = self._estimate_block_size(min_run_time=0.05)

        def time_hook():
            return self._timeit(number)

        def stop_hook(times):
            if len(times) > 3:
                return common.Measurement(number_per_run=number, raw_times=times,
                                          task_spec=self._task_spec).meets_confidence(threshold=threshold)
            return False

        times = self._threaded_measurement_loop(number, time_hook, stop_hook, min_run_time, max_run_time,
                                                callback=callback)
        return common.Measurement(number_per_run=number, raw_times=times, task_spec=self._task_spec)

    def collect_callgrind(self, *args, **kwargs):
        raise NotImplementedError("Timer.collect_callgrind: Valgrind is not available in Kiln")


def _dedent(text):
    # textwrap.dedent: the common leading whitespace of the non-blank lines goes.
    lines = text.split("\n")
    margin = None
    for line in lines:
        if line.strip():
            lead = len(line) - len(line.lstrip())
            margin = lead if margin is None else min(margin, lead)
    if not margin:
        return text
    return "\n".join(line[margin:] if line.strip() else "" for line in lines)
