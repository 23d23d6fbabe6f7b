# badinput: bisect with lo=-1
# expect-exit: 1
# expect-stderr: ValueError: lo must be non-negative
import bisect
bisect.bisect([1, 2], 1, lo=-1)
