# torch.utils.benchmark.utils.common: TaskSpec (what was timed), Measurement (the times and their
# statistics, printed as PyTorch prints them), select_unit and set_torch_threads.
#
# Statistics follow PyTorch: times are raw block times divided by the runs per block; median, p25
# and p75 are torch.quantile of the sorted times; a Measurement warns when its interquartile range
# exceeds 10% (25%: "significant environmental influence") of the median.
import torch

_IQR_WARN_THRESHOLD = 0.1
_IQR_GROSS_WARN_THRESHOLD = 0.25


def _indent(text, prefix):
    return "\n".join(prefix + line if line.strip() else line for line in text.split("\n"))


class TaskSpec:
    def __init__(self, stmt, setup, global_setup="", label=None, sub_label=None, description=None, env=None,
                 num_threads=1):
        self.stmt = stmt
        self.setup = setup
        self.global_setup = global_setup
        self.label = label
        self.sub_label = sub_label
        self.description = description
        self.env = env
        self.num_threads = num_threads

    @property
    def title(self):
        if self.label is not None:
            return self.label + (f": {self.sub_label}" if self.sub_label else "")
        elif "\n" not in self.stmt:
            return self.stmt + (f": {self.sub_label}" if self.sub_label else "")
        return (f"stmt:{f' ({self.sub_label})' if self.sub_label else ''}\n"
                f"{_indent(self.stmt, '  ')}")

    def setup_str(self):
        if self.setup == "pass" or not self.setup:
            return ""
        if "\n" in self.setup:
            return f"setup:\n{_indent(self.setup, '  ')}"
        return f"setup: {self.setup}"

    def summarize(self):
        sections = [self.title, self.description or "", self.setup_str()]
        return "\n".join([f"{i}\n" if "\n" in i else i for i in sections if i])


class Measurement:
    def __init__(self, number_per_run, raw_times, task_spec, metadata=None):
        self.number_per_run = number_per_run
        self.raw_times = list(raw_times)
        self.task_spec = task_spec
        self.metadata = metadata
        self._sorted_times = ()
        self._warnings = ()
        self._median = -1.0
        self._mean = -1.0
        self._p25 = -1.0
        self._p75 = -1.0

    def __getattr__(self, name):
        # TaskSpec's fields read through the Measurement (m.stmt, m.label, m.num_threads, ...).
        if name in ("stmt", "setup", "global_setup", "label", "sub_label", "description", "env", "num_threads",
                    "title", "setup_str", "summarize"):
            return getattr(self.task_spec, name)
        raise AttributeError(f"'Measurement' object has no attribute '{name}'")

    def _lazy_init(self):
        if self.raw_times and not self._sorted_times:
            self._sorted_times = tuple(sorted(self.times))
            st = torch.tensor(self._sorted_times, dtype=torch.float64)
            self._median = st.quantile(0.5).item()
            self._mean = st.mean().item()
            self._p25 = st.quantile(0.25).item()
            self._p75 = st.quantile(0.75).item()
            warnings = []

            def add_warning(msg):
                rel_iqr = self.iqr / self.median * 100
                warnings.append(f"  WARNING: Interquartile range is {rel_iqr:.1f}% of the median measurement.\n"
                                f"           {msg}")

            if not self.meets_confidence(_IQR_GROSS_WARN_THRESHOLD):
                add_warning("This suggests significant environmental influence.")
            elif not self.meets_confidence(_IQR_WARN_THRESHOLD):
                add_warning("This could indicate system fluctuation.")
            self._warnings = tuple(warnings)

    @property
    def times(self):
        return [t / self.number_per_run for t in self.raw_times]

    @property
    def median(self):
        self._lazy_init()
        return self._median

    @property
    def mean(self):
        self._lazy_init()
        return self._mean

    @property
    def iqr(self):
        self._lazy_init()
        return self._p75 - self._p25

    @property
    def significant_figures(self):
        self._lazy_init()
        n_total = len(self._sorted_times)
        lower_bound = int(n_total // 4)
        upper_bound = int(n_total * 3 // 4 + 1)
        interquartile_points = self._sorted_times[lower_bound:upper_bound]
        mean = sum(interquartile_points) / len(interquartile_points)
        var = sum((x - mean) ** 2 for x in interquartile_points) / max(len(interquartile_points) - 1, 1)
        std = var ** 0.5
        sqrt_n = len(interquartile_points) ** 0.5
        confidence_interval = max(1.645 * std / sqrt_n, 1e-12)
        import math
        relative_ci = math.log10(self._median / confidence_interval)
        num_significant_figures = int(math.floor(relative_ci))
        return min(max(num_significant_figures, 1), 4)

    @property
    def has_warnings(self):
        self._lazy_init()
        return bool(self._warnings)

    def meets_confidence(self, threshold=_IQR_WARN_THRESHOLD):
        return self.iqr / self.median < threshold

    def to_array(self):
        return [t for t in self.times]

    def __repr__(self):
        self._lazy_init()
        skip_line = "MEASUREMENT_REPR_SKIP_LINE"
        n = len(self._sorted_times)
        time_unit, time_scale = select_unit(self._median)
        iqr_filter = "" if n >= 4 else skip_line
        head = f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"
        lines = [
            head,
            self.task_spec.summarize(),
            f"  {'Median: ' if n > 1 else ''}{self._median / time_scale:.2f} {time_unit}",
            f"  {iqr_filter}IQR:    {self.iqr / time_scale:.2f} {time_unit} ({self._p25 / time_scale:.2f} to "
            f"{self._p75 / time_scale:.2f})",
            f"  {n} measurement{'s' if n > 1 else ''}, {self.number_per_run} runs "
            f"{'per measurement,' if n > 1 else ','} {self.task_spec.num_threads} "
            f"thread{'s' if self.task_spec.num_threads > 1 else ''}",
            "\n".join(self._warnings),
        ]
        text = "\n".join(lines).strip()
        return "\n".join(l for l in text.split("\n") if skip_line not in l)

    @staticmethod
    def merge(measurements):
        groups = {}
        order = []
        for m in measurements:
            ts = m.task_spec
            key = (ts.stmt, ts.setup, ts.global_setup, ts.label, ts.sub_label, ts.description, ts.env, ts.num_threads)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(m)
        out = []
        for key in order:
            ms = groups[key]
            times = []
            for m in ms:
                times.extend(m.times)
            out.append(Measurement(number_per_run=1, raw_times=times, task_spec=ms[0].task_spec))
        return out


def select_unit(t):
    import math
    exponent = int(math.floor(math.log10(t) // 3)) if t > 0 else 0
    time_unit = {-3: "ns", -2: "us", -1: "ms"}.get(exponent, "s")
    time_scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}[time_unit]
    return time_unit, time_scale


def unit_to_english(u):
    return {"ns": "nanosecond", "us": "microsecond", "ms": "millisecond", "s": "second"}[u]


def trim_sigfig(x, n):
    import math
    if x == 0:
        return 0.0
    magnitude = int(math.ceil(math.log10(abs(x))))
    scale = 10 ** (magnitude - n)
    return float(round(x / scale) * scale)


def ordered_unique(elements):
    out = []
    for e in elements:
        if e not in out:
            out.append(e)
    return out


class set_torch_threads:
    def __init__(self, n):
        self.n = n
        self.prior = None

    def __enter__(self):
        self.prior = torch.get_num_threads()
        torch.set_num_threads(self.n)
        return self

    def __exit__(self, *exc):
        torch.set_num_threads(self.prior)
        return False
