# badinput: Python misuse: itertools repeat list
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1000000000000 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
import itertools
x = list(itertools.repeat(1, 10**12))
