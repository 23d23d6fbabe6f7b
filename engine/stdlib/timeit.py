# timeit: Timer(stmt, setup, timer, globals) with timeit/repeat/autorange, and the module functions
# timeit, repeat and default_timer (time.perf_counter). stmt and setup may be callables or source
# strings (compiled with exec into a function body, as CPython's template does, so names resolve in
# `globals` or a fresh namespace). Left out: the command-line interface (timeit.main).
import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

default_timer = time.perf_counter
default_number = 1000000
default_repeat = 5


def _indent(src, n):
    return src.replace("\n", "\n" + " " * n)


class Timer:
    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        ns = {} if globals is None else globals
        if isinstance(stmt, str) and isinstance(setup, str):
            src = ("def inner(_it, _timer):\n    " + _indent(setup, 4) + "\n    _t0 = _timer()\n"
                   "    for _i in _it:\n        " + _indent(stmt, 8) + "\n        pass\n"
                   "    _t1 = _timer()\n    return _t1 - _t0\n")
            local_ns = {}
            exec(src, ns, local_ns)
            self.inner = local_ns["inner"]
            self.src = src
        else:
            if isinstance(stmt, str):
                stmt_code = compile(stmt, "<timeit-src>", "exec")

                def stmt_fn():
                    exec(stmt_code, ns)
            elif callable(stmt):
                stmt_fn = stmt
            else:
                raise ValueError("stmt is neither a string nor callable")
            if isinstance(setup, str):
                setup_code = compile(setup, "<timeit-src>", "exec")

                def setup_fn():
                    exec(setup_code, ns)
            elif callable(setup):
                setup_fn = setup
            else:
                raise ValueError("setup is neither a string nor callable")

            def inner(_it, _timer):
                setup_fn()
                _t0 = _timer()
                for _i in _it:
                    stmt_fn()
                _t1 = _timer()
                return _t1 - _t0
            self.inner = inner
            self.src = None

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        return self.inner(range(number), self.timer)

    def repeat(self, repeat=default_repeat, number=default_number):
        r = []
        for i in range(repeat):
            r.append(self.timeit(number))
        return r

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


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)


def main(args=None, *, _wrap_timer=None):
    raise NotImplementedError("timeit's command-line interface (timeit.main) is not supported in Kiln")
