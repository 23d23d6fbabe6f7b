# badinput: random.randint with a > b
# expect-exit: 1
# expect-stderr: ValueError: empty range in randrange(5, 2)
import random
random.randint(5, 1)
