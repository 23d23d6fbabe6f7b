# badinput: str repeat bomb
# expect-exit: 1
# expect-stderr: MemoryError: a str of 1 x 10000000000 items is over Kiln's limit of 1 GiB for one str
s = "x" * 10 ** 10
