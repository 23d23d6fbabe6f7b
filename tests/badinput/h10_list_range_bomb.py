# badinput: list range bomb
# expect-exit: 1
# expect-stderr: MemoryError: a list of 10000000000 items is over Kiln's limit of 1 GiB for one list
x = list(range(10 ** 10))
