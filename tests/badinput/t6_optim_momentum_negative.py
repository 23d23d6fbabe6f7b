# badinput: optim momentum negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Invalid momentum value: -1
import torch
import torch.nn as nn
m = nn.Linear(1, 1)
torch.optim.SGD(m.parameters(), lr=0.1, momentum=-1)
