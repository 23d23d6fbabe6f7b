# badinput: random randint reversed (issue 31, hostile-input sweep 6; CPython 3.12 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: empty range in randrange(5, 2)
import random
random.randint(5, 1)
