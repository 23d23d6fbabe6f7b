# badinput: str.center(2**40)
# expect-exit: 1
# expect-stderr: MemoryError: str.center() would make a str of 1099511627776 bytes
import torch
"a".center(2**40)
