# badinput: a str repeated 2**40 times
# expect-exit: 1
# expect-stderr: MemoryError: a str of 2 x 1099511627776 items is over Kiln's limit of 1 GiB for one str
import torch
x = "ab" * (2**40)
