# badinput: t index add oob (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
import torch
torch.zeros(3).index_add_(0, torch.tensor([3]), torch.ones(1))
