# badinput: an exception whose __str__ returns an int
# expect-exit: 1
# expect-stderr: E: <exception str() failed>
class E(Exception):
    def __str__(self):
        return 42
raise E()
