# badinput: random randint reversed (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: empty range for randrange() (5, 2, -3)
import random
random.randint(5, 1)
