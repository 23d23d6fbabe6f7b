# badinput: index copy oob (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index_copy_(): index 3 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3).index_copy_(0, torch.tensor([3]), torch.ones(1))
