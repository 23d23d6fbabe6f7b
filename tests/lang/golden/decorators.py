import time


def timed(label, repeat=1):
    def wrap(fn):
        def inner(*args, **kwargs):
            start = time.time()
            for _ in range(repeat):
                result = fn(*args, **kwargs)
            print(f"{label!r:>10}: {time.time() - start:.{3}f}s")
            return result
        return inner
    return wrap


@timed("square", repeat=3)
def square(x):
    return x * x


@staticmethod
def helper():
    pass
