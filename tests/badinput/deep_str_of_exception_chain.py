# badinput: an exception whose context chain is 5000 long, caught and printed
# expect-exit: 0
# expect-stdout: KeyError 4999
e = None
for i in range(5000):
    try:
        try:
            raise KeyError(i)
        finally:
            if e is not None:
                pass
    except KeyError as x:
        x.__context__ = e
        e = x
print(type(e).__name__, e.args[0])
