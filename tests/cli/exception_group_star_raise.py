# An except* clause that raises: the new exception and the unhandled rest leave in a new group with
# no traceback entry for the frame of the try (CPython's RERAISE adds none); each part keeps the
# caught group's traceback, and the raised one its context (the part the clause handled).
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("new")


f()
