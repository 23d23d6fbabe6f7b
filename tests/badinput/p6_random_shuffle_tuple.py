# badinput: random shuffle tuple (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'tuple' object does not support item assignment
import random
random.shuffle((1, 2, 3))
