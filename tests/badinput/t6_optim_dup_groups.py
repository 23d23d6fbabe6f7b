# badinput: optim dup groups (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
p = torch.nn.Parameter(torch.ones(2))
torch.optim.SGD([{'params': [p]}, {'params': [p]}], lr=0.1)
