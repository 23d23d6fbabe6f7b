# badinput: bisect bad lo
# expect-exit: 1
# expect-stderr: ValueError: lo must be non-negative
import bisect
bisect.bisect([1], 1, -1)
