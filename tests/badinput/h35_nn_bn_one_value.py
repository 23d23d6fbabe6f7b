# badinput: torch.nn / utils misuse: nn bn one value
# expect-exit: 1
# expect-stderr: ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 3])
import torch
torch.nn.BatchNorm1d(3)(torch.ones(1, 3))
