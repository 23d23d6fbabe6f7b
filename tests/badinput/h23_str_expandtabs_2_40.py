# badinput: expandtabs(2**40)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
import torch
"\t".expandtabs(2**40)
