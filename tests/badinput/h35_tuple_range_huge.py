# badinput: Python misuse: tuple range huge
# expect-exit: 1
# expect-stderr: MemoryError: a list of 100000000000 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
x = tuple(range(10**11))
