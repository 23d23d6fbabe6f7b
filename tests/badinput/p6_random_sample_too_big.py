# badinput: random sample too big (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Sample larger than population or is negative
import random
random.sample(range(3), 5)
