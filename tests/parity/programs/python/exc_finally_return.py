# Control flow through finally: return in finally, nested try/finally, return inside a loop's try.
def ret_in_finally():
    try:
        return "try"
    finally:
        return "finally"
print(ret_in_finally())
def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "finally wins"
print(swallow())
def order():
    log = []
    try:
        log.append(1)
        return log
    finally:
        log.append(2)
print(order())
def value_captured():
    x = 1
    try:
        return x
    finally:
        x = 2
print(value_captured())
def nested():
    log = []
    for i in range(2):
        try:
            try:
                if i == 1:
                    raise KeyError(i)
                log.append("ok" + str(i))
            finally:
                log.append("inner" + str(i))
        except KeyError as e:
            log.append("caught " + repr(e))
        finally:
            log.append("outer" + str(i))
    return log
print(nested())
def loop_return():
    for i in range(10):
        try:
            if i == 2:
                return i
        finally:
            print("cleanup", i)
print(loop_return())
