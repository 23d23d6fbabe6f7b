# badinput: __getattr__ recursing through self.attr stops at CPython's C count (about 750 levels), not 1000
# expect-exit: 0
# expect-stdout: True True
import sys
n = 0
class A:
    def __getattr__(self, name):
        global n
        n += 1
        return self.missing
try:
    A().x
except RecursionError:
    print(n < 800, n > 700)
