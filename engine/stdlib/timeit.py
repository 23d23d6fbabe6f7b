# timeit: Timer (timeit, repeat, autorange), timeit(), repeat(), default_timer, following CPython
# 3.11's documented behaviour: a statement (a string or a callable) run `number` times in a loop,
# timed with time.perf_counter.
#
# String statements are compiled into one function, as CPython's template does:
#     def inner(_it, _timer):
#         <setup>
#         _t0 = _timer()
#         for _i in _it:
#             <stmt>
#         _t1 = _timer()
#         return _t1 - _t0
# Kiln has no exec builtin; the function is compiled by the VM's compile entry point that torch.fx
# uses for generated code (torch.fx._kiln.exec_source), so a string statement imports torch.
# Callables need nothing of the sort. Not here: the command-line interface (python -m timeit) and
# gc.disable() around the loop (Kiln's VM has no cyclic collector to pause).
import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

_counter = [0]


def _indent(text, n):
    pad = " " * n
    return "\n".join(pad + line for line in text.split("\n"))


def _dedent(text):
    lines = text.split("\n")
    margin = None
    for line in lines:
        if line.strip():
            lead = len(line) - len(line.lstrip())
            margin = lead if margin is None else min(margin, lead)
    if not margin:
        return text
    return "\n".join(line[margin:] if line.strip() else "" for line in lines)


class Timer:
    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        if isinstance(stmt, str) or isinstance(setup, str):
            if not isinstance(stmt, str) and not callable(stmt):
                raise ValueError("stmt is neither a string nor callable")
            if not isinstance(setup, str) and not callable(setup):
                raise ValueError("setup is neither a string nor callable")
        elif not callable(stmt):
            raise ValueError("stmt is neither a string nor callable")
        self._stmt = stmt
        self._setup = setup
        self._inner = None
        if isinstance(stmt, str) or isinstance(setup, str):
            ns = dict(globals or {})
            stmt_src = _dedent(stmt).strip("\n") if isinstance(stmt, str) else "_stmt()"
            setup_src = _dedent(setup).strip("\n") if isinstance(setup, str) else "_setup()"
            if not isinstance(stmt, str):
                ns["_stmt"] = stmt
            if not isinstance(setup, str):
                ns["_setup"] = setup
            source = ("def inner(_it, _timer):\n" + _indent(setup_src or "pass", 4) + "\n    _t0 = _timer()\n"
                      "    for _i in _it:\n" + _indent(stmt_src or "pass", 8) + "\n        pass\n"
                      "    _t1 = _timer()\n    return _t1 - _t0\n")
            from torch.fx import _kiln
            _counter[0] += 1
            self._inner = _kiln.exec_source(source, f"<timeit-src-{_counter[0]}>", ns)["inner"]

    def timeit(self, number=default_number):
        if self._inner is not None:
            return self._inner(range(number), self.timer)
        stmt, setup = self._stmt, self._setup
        if callable(setup):
            setup()
        t0 = self.timer()
        for _ in range(number):
            stmt()
        return self.timer() - t0

    def repeat(self, repeat=default_repeat, number=default_number):
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
