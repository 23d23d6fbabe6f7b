# badinput: random choices weights len (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: The number of weights does not match the population
import random
random.choices([1, 2], weights=[1])
