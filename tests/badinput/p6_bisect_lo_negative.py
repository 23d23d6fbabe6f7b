# badinput: bisect lo negative (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: lo must be non-negative
import bisect
bisect.bisect([1], 1, lo=-1)
