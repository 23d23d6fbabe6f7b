# Custom exception classes: args, str, repr, hierarchy, attributes.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__(key, reason)
        self.key = key
        self.reason = reason
class Retry(AppError):
    def __init__(self, attempts):
        super().__init__("retry after " + str(attempts))
        self.attempts = attempts
    def __str__(self):
        return "Retry(" + str(self.attempts) + " attempts)"
errors = [AppError(), AppError("one"), AppError("a", 2), ConfigError("port", "missing"), Retry(3),
          ValueError("bad"), KeyError("k"), KeyError(), IndexError("idx", 0)]
for e in errors:
    print(type(e).__name__, "| str:", str(e), "| repr:", repr(e), "| args:", e.args)
for e in errors:
    try:
        raise e
    except ConfigError as c:
        print("config", c.key, c.reason)
    except AppError as a:
        print("app", a.args, isinstance(a, Exception))
    except (ValueError, KeyError) as other:
        print("builtin", type(other).__name__, other)
    except Exception as x:
        print("generic", repr(x))
print(issubclass(ConfigError, AppError), issubclass(AppError, Exception), issubclass(KeyError, LookupError))
print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(IndexError, LookupError))
try:
    raise Retry(5)
except AppError as e:
    print("caught", e, e.attempts, e.args)
try:
    raise LookupError("base class")
except (IndexError, KeyError):
    print("not here")
except LookupError as e:
    print("lookup", e)
def fail(kind):
    if kind == 1:
        raise ConfigError("x", "y")
    raise AppError("kind " + str(kind))
for k in [1, 2]:
    try:
        fail(k)
    except AppError as e:
        print(k, type(e).__name__, e)
print(f"{ConfigError('f', 'g')}", f"{AppError('h')!r}")
