# badinput: indexing with -2**63
# expect-exit: 1
# expect-stderr: IndexError: index -9223372036854775808 is out of bounds for dimension 0 with size 3
import torch
x = torch.arange(3)
x[-2**63]
