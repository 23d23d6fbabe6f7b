# torch.utils.benchmark.Compare: Measurements laid out as PyTorch's table, one table per label,
# rows (num_threads, env, sub_label or stmt) and columns (description), times in one unit chosen
# from the fastest result; optional significant-figure trimming, ANSI colouring and variance marks.
import math

from torch.utils.benchmark.utils import common

BEST = "\033[92m"
GOOD = "\033[34m"
BAD = "\033[2m\033[91m"
VERY_BAD = "\033[31m\033[1m"
BOLD = "\033[1m"
TERMINATE = "\033[0m"


class Colorize:
    NONE = "none"
    COLUMNWISE = "columnwise"
    ROWWISE = "rowwise"


def _row_name(m):
    return m.task_spec.sub_label or m.task_spec.stmt or "[Unknown]"


class _Column:
    def __init__(self, grouped_results, time_scale, time_unit, trim_significant_figures, highlight_warnings):
        self._grouped_results = grouped_results
        self._flat_results = [r for g in grouped_results for r in g]
        self._time_scale = time_scale
        self._time_unit = time_unit
        self._trim_significant_figures = trim_significant_figures
        self._highlight_warnings = highlight_warnings and any(r.has_warnings for r in self._flat_results if r)
        leading_digits = [int(math.ceil(math.log10(r.median / self._time_scale))) if r else None
                          for r in self._flat_results]
        unit_digits = max(d for d in leading_digits if d is not None)
        if self._trim_significant_figures:
            decimal_digits = min(max(m.significant_figures - digits, 0)
                                 for digits, m in zip(leading_digits, self._flat_results)
                                 if (m is not None) and (digits is not None))
        else:
            decimal_digits = 1
        length = unit_digits + decimal_digits + (1 if decimal_digits else 0)
        self._length = length
        self._decimals = decimal_digits
        self._warn_width = 7 if self._highlight_warnings else 0

    def get_results_for(self, group):
        return self._grouped_results[group]

    def num_to_str(self, value, estimated_sigfigs, spread):
        if value is None:
            return " " * len(self.num_to_str(1, estimated_sigfigs, None))
        if self._trim_significant_figures:
            value = common.trim_sigfig(value, estimated_sigfigs)
        num = f"{value:.{self._decimals}f}".rjust(self._length)
        mark = f" (! {spread * 100:.0f}%)" if self._highlight_warnings and spread is not None else ""
        return num + mark.rjust(self._warn_width)


def _optional_min(seq):
    values = list(seq)
    return None if len(values) == 0 else min(values)


class _Row:
    def __init__(self, results, row_group, render_env, env_str_len, row_name_str_len, time_scale, colorize,
                 num_threads=None):
        self._results = results
        self._row_group = row_group
        self._render_env = render_env
        self._env_str_len = env_str_len
        self._row_name_str_len = row_name_str_len
        self._time_scale = time_scale
        self._colorize = colorize
        self._columns = ()
        self._num_threads = num_threads

    def register_columns(self, columns):
        self._columns = columns

    def as_column_strings(self):
        concrete = [r for r in self._results if r is not None]
        env = f"({concrete[0].task_spec.env})" if self._render_env else ""
        env = env.ljust(self._env_str_len + 4)
        output = ["  " + env + _row_name(concrete[0])]
        for m, col in zip(self._results, self._columns or ()):
            if m is None:
                output.append(col.num_to_str(None, 1, None))
            else:
                output.append(col.num_to_str(m.median / self._time_scale, m.significant_figures,
                                             m.iqr / m.median if m.has_warnings else None))
        return output

    @staticmethod
    def color_segment(segment, value, best_value):
        if value <= best_value * 1.01 or value <= best_value + 100e-9:
            return BEST + BOLD + segment + TERMINATE * 2
        if value <= best_value * 1.1:
            return GOOD + BOLD + segment + TERMINATE * 2
        if value >= best_value * 5:
            return VERY_BAD + BOLD + segment + TERMINATE * 2
        if value >= best_value * 2:
            return BAD + segment + TERMINATE * 2
        return segment

    def row_separator(self, overall_width):
        if self._num_threads is None:
            return []
        return [f"{self._num_threads} threads: ".ljust(overall_width, "-")]

    def finalize_column_strings(self, column_strings, col_widths):
        best_values = [-1 for _ in column_strings]
        if self._colorize == Colorize.ROWWISE:
            row_min = min(r.median for r in self._results if r is not None)
            best_values = [row_min for _ in column_strings]
        elif self._colorize == Colorize.COLUMNWISE:
            best_values = [_optional_min(r.median for r in column.get_results_for(self._row_group) if r is not None)
                           for column in (self._columns or ())]
        row_contents = [column_strings[0].ljust(col_widths[0])]
        for col_str, width, result, best_value in zip(column_strings[1:], col_widths[1:], self._results, best_values):
            col_str = col_str.center(width)
            if self._colorize != Colorize.NONE and result is not None and best_value is not None:
                col_str = self.color_segment(col_str, result.median, best_value)
            row_contents.append(col_str)
        return row_contents


class Table:
    def __init__(self, results, colorize, trim_significant_figures, highlight_warnings):
        self.results = results
        self._colorize = colorize
        self._trim_significant_figures = trim_significant_figures
        self._highlight_warnings = highlight_warnings
        self.label = results[0].task_spec.label
        self.time_unit, self.time_scale = common.select_unit(min(r.median for r in results))
        self.row_keys = common.ordered_unique([self.row_fn(i) for i in results])
        # Sorted by (num_threads, env); stmt order is kept (a stable sort on the first two fields).
        self.row_keys = sorted(self.row_keys, key=lambda k: (k[0], "" if k[1] is None else k[1]))
        self.column_keys = common.ordered_unique([self.col_fn(i) for i in results])
        self.rows, self.columns = self.populate_rows_and_columns()

    @staticmethod
    def row_fn(m):
        return m.task_spec.num_threads, m.task_spec.env, _row_name(m)

    @staticmethod
    def col_fn(m):
        return m.task_spec.description

    def populate_rows_and_columns(self):
        rows = []
        columns = []
        ordered = [[None for _ in self.column_keys] for _ in self.row_keys]
        row_position = {key: i for i, key in enumerate(self.row_keys)}
        col_position = {key: i for i, key in enumerate(self.column_keys)}
        for r in self.results:
            ordered[row_position[self.row_fn(r)]][col_position[self.col_fn(r)]] = r
        unique_envs = []
        for r in self.results:
            if r.task_spec.env not in unique_envs:
                unique_envs.append(r.task_spec.env)
        render_env = len(unique_envs) > 1
        env_str_len = max(len(i) for i in unique_envs) if render_env else 0
        row_name_str_len = max(len(_row_name(r)) for r in self.results)
        prior_num_threads = -1
        prior_env = ""
        row_group = -1
        rows_by_group = []
        for key, row in zip(self.row_keys, ordered):
            num_threads, env = key[0], key[1]
            thread_transition = num_threads != prior_num_threads
            if thread_transition:
                prior_num_threads = num_threads
                prior_env = ""
                row_group += 1
                rows_by_group.append([])
            rows.append(_Row(results=row, row_group=row_group, render_env=(render_env and env != prior_env),
                             env_str_len=env_str_len, row_name_str_len=row_name_str_len, time_scale=self.time_scale,
                             colorize=self._colorize, num_threads=num_threads if thread_transition else None))
            rows_by_group[-1].append(row)
            prior_env = env
        for i in range(len(self.column_keys)):
            grouped = [tuple(row[i] for row in g) for g in rows_by_group]
            columns.append(_Column(grouped, self.time_scale, self.time_unit, self._trim_significant_figures,
                                   self._highlight_warnings))
        rows_t, columns_t = tuple(rows), tuple(columns)
        for r in rows_t:
            r.register_columns(columns_t)
        return rows_t, columns_t

    def render(self):
        string_rows = [[""] + [("" if k is None else k) for k in self.column_keys]]
        for r in self.rows:
            string_rows.append(r.as_column_strings())
        num_cols = max(len(i) for i in string_rows)
        for sr in string_rows:
            sr.extend(["" for _ in range(num_cols - len(sr))])
        col_widths = [max(len(sr[c]) for sr in string_rows) for c in range(num_cols)]
        finalized = ["  |  ".join(s.center(w) for s, w in zip(string_rows[0], col_widths))]
        overall_width = len(finalized[0])
        for string_row, row in zip(string_rows[1:], self.rows):
            finalized.extend(row.row_separator(overall_width))
            finalized.append("  |  ".join(row.finalize_column_strings(string_row, col_widths)))
        has_warnings = self._highlight_warnings and any(r.has_warnings for r in self.results)
        title = (" " + (self.label or "") + " ").center(overall_width - 2, "-")
        text = f"[{title}]\n" + "\n".join(finalized) + "\n\n"
        text += f"Times are in {common.unit_to_english(self.time_unit)}s ({self.time_unit}).\n"
        if has_warnings:
            text += "(! XX%) Measurement has high variance, where XX is the IQR / median * 100.\n"
        return text


class Compare:
    def __init__(self, results):
        self._results = []
        self.extend_results(results)
        self._trim_significant_figures = False
        self._colorize = Colorize.NONE
        self._highlight_warnings = False

    def __str__(self):
        return "\n".join(self._render())

    def extend_results(self, results):
        for r in results:
            if not isinstance(r, common.Measurement):
                raise ValueError(f"Expected an instance of `Measurement`, got {type(r)} instead.")
        self._results.extend(results)

    def trim_significant_figures(self):
        self._trim_significant_figures = True

    def colorize(self, rowwise=False):
        self._colorize = Colorize.ROWWISE if rowwise else Colorize.COLUMNWISE

    def highlight_warnings(self):
        self._highlight_warnings = True

    def print(self):
        print(str(self))

    def _render(self):
        results = common.Measurement.merge(self._results)
        groups = {}
        order = []
        for r in results:
            if r.task_spec.label not in groups:
                groups[r.task_spec.label] = []
                order.append(r.task_spec.label)
            groups[r.task_spec.label].append(r)
        return [Table(groups[k], self._colorize, self._trim_significant_figures, self._highlight_warnings).render()
                for k in order]
