# badinput: Python misuse: random sample bad
# expect-exit: 1
# expect-stderr: ValueError: Sample larger than population or is negative
import random
random.sample([1, 2], 5)
