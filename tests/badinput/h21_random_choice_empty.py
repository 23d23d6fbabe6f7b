# badinput: random.choice of an empty list
# expect-exit: 1
# expect-stderr: IndexError: Cannot choose from an empty sequence
import random
random.choice([])
