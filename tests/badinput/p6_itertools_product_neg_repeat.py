# badinput: itertools product neg repeat (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: repeat argument cannot be negative
import itertools
itertools.product([1], repeat=-1)
