# badinput: an uncaught exception whose __str__ raises: the traceback says str() failed
# expect-exit: 1
# expect-stderr: E: <exception str() failed>
class E(Exception):
    def __str__(self):
        raise ValueError("no str")
raise E("x")
