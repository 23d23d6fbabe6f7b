# Parts of an uncaught group that print unusually: a __str__ that raises, a traceback through 50
# recursive calls ("[Previous line repeated N more times]" comes without a margin, as CPython's
# printer writes it), a message of two lines (its second line without a margin) and __notes__ that
# is not a list (its repr); the group's own message has two lines too.
class Bad(Exception):
    def __str__(self):
        raise RuntimeError("no str")


def rec(n):
    if n == 0:
        raise KeyError("bottom")
    rec(n - 1)


try:
    rec(50)
except KeyError as k:
    deep = k
e = ValueError("multi\nline")
e.__notes__ = "not a list"
raise ExceptionGroup("top\nsecond", [Bad(), deep, e])
