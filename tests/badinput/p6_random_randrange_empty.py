# badinput: random randrange empty (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: empty range for randrange()
import random
random.randrange(0)
