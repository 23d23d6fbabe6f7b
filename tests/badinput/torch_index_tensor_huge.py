# badinput: an index tensor holding INT64_MAX
# expect-exit: 1
# expect-stderr: IndexError: index 9223372036854775807 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3)[torch.tensor([2**63 - 1])]
