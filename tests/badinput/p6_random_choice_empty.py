# badinput: random choice empty (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: Cannot choose from an empty sequence
import random
random.choice([])
