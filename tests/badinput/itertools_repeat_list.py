# badinput: list(itertools.repeat(0, 10**12)) is MemoryError at once from the length hint (ran for minutes)
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1000000000000 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
import itertools
l = list(itertools.repeat(0, 10**12))
