# badinput: math.trunc of an object with __float__ but no __trunc__ (floor and ceil fall back on __float__, trunc does not)
# expect-exit: 1
# expect-stderr: TypeError: type F doesn't define __trunc__ method
# expect-stdout: 2 3
import math
class F:
    def __float__(self):
        return 2.5
print(math.floor(F()), math.ceil(F()))
math.trunc(F())
