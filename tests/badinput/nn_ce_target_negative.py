# badinput: CrossEntropyLoss with a negative target
# expect-exit: 1
# expect-stderr: IndexError: Target -3 is out of bounds.
import torch
torch.nn.CrossEntropyLoss()(torch.randn(2, 5), torch.tensor([1, -3]))
