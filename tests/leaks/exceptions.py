# badinput: exceptions caught, chained (from / during handling), kept with their tracebacks after the handler, formatted by traceback, then one uncaught
# expect-exit: 1
# expect-stderr: KeyError: 'last'
import sys, traceback
class AppError(Exception):
    pass
def deep(n):
    if n == 0:
        raise ValueError("bottom")
    deep(n - 1)
def wrap():
    try:
        deep(10)
    except ValueError as e:
        raise AppError("wrapped") from e
try:
    wrap()
except AppError as e:
    kept = e  # the exception, its traceback and the frames it names outlive the handler
    info = sys.exc_info()
print(type(kept.__cause__).__name__, len(traceback.format_exception(type(kept), kept, kept.__traceback__)) > 3)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        {}["missing"]
except KeyError as e:
    print(type(e.__context__).__name__)
def self_ref():
    try:
        raise RuntimeError("cycle")
    except RuntimeError as e:
        return e  # exception -> traceback -> frame -> locals -> exception
r = self_ref()
print(traceback.format_exc() == "NoneType: None\n")
errs = []
for i in range(100):
    try:
        int("x%d" % i)
    except ValueError as e:
        errs.append(e)
print(len(errs))
def gen_raises():
    yield 1
    raise StopIteration  # RuntimeError: generator raised StopIteration
try:
    list(gen_raises())
except RuntimeError as e:
    print(e)
raise KeyError("last")
