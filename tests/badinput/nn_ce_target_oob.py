# badinput: CrossEntropyLoss with a target over the class count
# expect-exit: 1
# expect-stderr: IndexError: Target 5 is out of bounds.
import torch
torch.nn.CrossEntropyLoss()(torch.randn(2, 5), torch.tensor([1, 5]))
