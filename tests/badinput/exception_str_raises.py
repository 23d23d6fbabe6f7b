# badinput: an exception whose __str__ raises
# expect-exit: 1
# expect-stderr: E: <exception str() failed>
class E(Exception):
    def __str__(self):
        raise RuntimeError("no str")
raise E()
