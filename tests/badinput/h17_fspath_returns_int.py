# badinput: __fspath__ returning an int, passed to open()
# expect-exit: 1
# expect-stderr: TypeError: expected P.__fspath__() to return str or bytes, not int
class P:
    def __fspath__(self):
        return 3
open(P())
