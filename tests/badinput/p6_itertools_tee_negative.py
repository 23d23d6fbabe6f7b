# badinput: itertools tee negative (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: n must be >= 0
import itertools
itertools.tee([1], -1)
