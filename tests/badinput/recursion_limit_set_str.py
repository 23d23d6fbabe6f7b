# badinput: sys.setrecursionlimit('100')
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
import sys
sys.setrecursionlimit("100")
