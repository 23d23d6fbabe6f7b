# badinput: torch.nn / utils misuse: nn init bad
# expect-exit: 1
# expect-stderr: ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions
import torch
torch.nn.init.kaiming_uniform_(torch.ones(3))
