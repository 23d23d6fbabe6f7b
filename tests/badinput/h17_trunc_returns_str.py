# badinput: __trunc__ returning a str: math.trunc passes it on, int() refuses it (after its DeprecationWarning)
# expect-exit: 1
# expect-stderr: TypeError: __trunc__ returned non-Integral (type str)
# expect-stdout: 3
class T:
    def __trunc__(self):
        return "3"
import math
print(math.trunc(T()))
int(T())
