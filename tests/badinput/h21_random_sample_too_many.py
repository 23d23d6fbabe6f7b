# badinput: random.sample larger than the population
# expect-exit: 1
# expect-stderr: ValueError: Sample larger than population or is negative
import random
random.sample(range(3), 5)
