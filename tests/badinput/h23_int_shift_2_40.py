# badinput: 1 << 2**40
# expect-exit: 1
# expect-stderr: MemoryError: an int of about 1099511627777 bits is over Kiln's limit
import torch
x = 1 << (2**40)
