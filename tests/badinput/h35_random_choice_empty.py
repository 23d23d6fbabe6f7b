# badinput: Python misuse: random choice empty
# expect-exit: 1
# expect-stderr: IndexError: Cannot choose from an empty sequence
import random
random.choice([])
