# badinput: Python misuse: random randrange empty
# expect-exit: 1
# expect-stderr: ValueError: empty range in randrange(5, 5)
import random
random.randrange(5, 5)
