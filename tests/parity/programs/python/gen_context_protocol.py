# The protocol contextlib.contextmanager builds on: a generator driven by __enter__/__exit__
# through next() and throw(), with exception identity kept (written out here without contextlib).
class GeneratorContext:
    def __init__(self, gen):
        self.gen = gen

    def __enter__(self):
        return next(self.gen)

    def __exit__(self, typ, value, tb):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(typ, value, tb)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    def helper(*args, **kwargs):
        return GeneratorContext(func(*args, **kwargs))
    return helper


@contextmanager
def tag(name):
    print("<" + name + ">")
    try:
        yield name.upper()
    finally:
        print("</" + name + ">")


with tag("a") as t:
    print("body", t)

try:
    with tag("b"):
        raise ValueError("inside b")
except ValueError as e:
    print("propagated:", e)


@contextmanager
def suppress(*kinds):
    try:
        yield
    except kinds as e:
        print("suppressed", type(e).__name__, e)


with suppress(KeyError, IndexError):
    {}["missing"]
print("after suppress")
with suppress(KeyError):
    [][1:2]
print("no error case fine")

try:
    with suppress(KeyError):
        raise TypeError("not suppressed")
except TypeError as e:
    print("escaped:", e)


@contextmanager
def translate():
    try:
        yield
    except ZeroDivisionError as e:
        raise ArithmeticError("translated") from e


try:
    with translate():
        1 / 0
except ArithmeticError as e:
    print(type(e).__name__, e, "cause:", type(e.__cause__).__name__)


@contextmanager
def no_stop():
    yield 1
    yield 2


try:
    with no_stop():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def swallow_all():
    try:
        yield
    except Exception:
        yield


try:
    with swallow_all():
        raise KeyError("x")
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def nested(level):
    print("enter", level)
    yield level
    print("exit", level)


with nested(1) as a, nested(2) as b:
    print("inside", a, b)
