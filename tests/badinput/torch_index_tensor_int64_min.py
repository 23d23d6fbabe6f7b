# badinput: an index tensor holding INT64_MIN (negating it overflows)
# expect-exit: 1
# expect-stderr: IndexError: index -9223372036854775808 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3)[torch.tensor([-2**63])]
