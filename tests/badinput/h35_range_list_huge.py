# badinput: Python misuse: range list huge
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1000000000000 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
x = list(range(10**12))
