# tqdm: the progress bar that training scripts wrap their loops in (`for x in tqdm(loader): ...`).
# Not part of Python or PyTorch, but imported by so many real programs that Kiln provides its
# commonly used surface, written for Kiln: tqdm(iterable, desc=, total=, leave=, unit=, disable=,
# ...) as an iterator and a context manager, update/set_description/set_postfix/close, tqdm.write,
# trange, and tqdm.auto / tqdm.autonotebook / tqdm.notebook / tqdm.std aliases. The bar goes to stderr (as tqdm's does), drawn
# once when the bar closes (Kiln's consoles have no carriage-return animation); stdout is untouched
# except by tqdm.write, which prints there as tqdm's does. Other keyword arguments are accepted and
# ignored (position, ncols, dynamic_ncols, mininterval, ascii, colour, ...).
import sys
import time

__all__ = ["tqdm", "trange"]
__version__ = "4.67.1"


def _format_interval(t):
    mins, s = divmod(int(t), 60)
    h, m = divmod(mins, 60)
    return f"{h:d}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def _format_num(n):
    return f"{n:.3g}" if isinstance(n, float) else str(n)


class tqdm:
    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None, mininterval=0.1,
                 maxinterval=10.0, miniters=None, ascii=None, disable=False, unit="it", unit_scale=False,
                 dynamic_ncols=False, smoothing=0.3, bar_format=None, initial=0, position=None, postfix=None,
                 unit_divisor=1000, write_bytes=False, lock_args=None, nrows=None, colour=None, delay=0.0, **kwargs):
        if total is None and iterable is not None:
            try:
                total = len(iterable)
            except (TypeError, AttributeError):
                total = None
        self.iterable = iterable
        self.desc = desc or ""
        self.total = total
        self.leave = leave
        self.fp = file if file is not None else sys.stderr
        self.disable = disable
        self.unit = unit
        self.n = initial
        self.postfix = None
        self.start_t = time.time()
        self.closed = False
        if postfix is not None:
            self.set_postfix(postfix, refresh=False) if isinstance(postfix, dict) else self.set_postfix_str(str(postfix), refresh=False)

    def __len__(self):
        if self.total is not None:
            return self.total
        return len(self.iterable)

    def __iter__(self):
        if self.iterable is None:
            raise TypeError("'NoneType' object is not iterable")
        try:
            for obj in self.iterable:
                yield obj
                self.n += 1
        finally:
            self.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def update(self, n=1):
        self.n += n
        return True

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_description_str(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        items = dict(ordered_dict or {})
        items.update(kwargs)
        parts = []
        for k, v in items.items():
            parts.append(f"{k}={_format_num(v) if isinstance(v, (int, float)) else v}")
        self.postfix = ", ".join(parts)

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = str(s)

    def refresh(self):
        pass

    def clear(self):
        pass

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total
        self.start_t = time.time()

    def __str__(self):
        elapsed = time.time() - self.start_t
        rate = self.n / elapsed if elapsed > 0 else 0.0
        prefix = f"{self.desc}: " if self.desc else ""
        if self.total:
            frac = min(1.0, self.n / self.total)
            filled = int(frac * 10)
            bar = "\u2588" * filled + " " * (10 - filled)
            body = f"{int(frac * 100):3d}%|{bar}| {self.n}/{self.total}"
        else:
            body = f"{self.n}{self.unit}"
        tail = f" [{_format_interval(elapsed)}, {rate:.2f}{self.unit}/s"
        if self.postfix:
            tail += ", " + self.postfix
        return prefix + body + tail + "]"

    def close(self):
        if self.closed:
            return
        self.closed = True
        if not self.disable and self.leave:
            print(str(self), file=self.fp)

    @classmethod
    def write(cls, s, file=None, end="\n", nolock=False):
        print(s, file=file if file is not None else sys.stdout, end=end)


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)
