# badinput: an f-string field 10**10 wide
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 10000000000 is over Kiln's limit of 1 GiB for one str
import torch
x = f"{1:{10**10}}"
