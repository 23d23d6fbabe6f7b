# try/except/else/finally ordering.
def attempt(x):
    log = []
    try:
        log.append("try")
        r = 10 // x
        log.append("computed " + str(r))
    except ZeroDivisionError as e:
        log.append("except " + str(e))
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log
print(attempt(2))
print(attempt(0))
def classify(v):
    try:
        return [1, 2, 3][v] * {'a': 1}['a' if v >= 0 else 'b']
    except IndexError:
        return "index"
    except KeyError as e:
        return "key " + str(e)
    except Exception as e:
        return "other " + type(e).__name__
print(classify(1), classify(5), classify(-1), classify("x"))
try:
    try:
        raise ValueError("inner")
    except TypeError:
        print("wrong handler")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer got", e)
try:
    raise RuntimeError
except RuntimeError as e:
    print("bare class raised:", repr(e), str(e) == "", e.args)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise
except ZeroDivisionError as e:
    print("re-raised:", e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("while handling")
except ValueError as e:
    print("replaced:", e)
