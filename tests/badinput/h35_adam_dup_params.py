# badinput: the same parameter in two param groups
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adam([{"params": [p]}, {"params": [p]}])
