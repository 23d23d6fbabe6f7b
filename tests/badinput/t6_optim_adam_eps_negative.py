# badinput: optim adam eps negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Invalid epsilon value: -1
import torch
import torch.nn as nn
m = nn.Linear(1, 1)
torch.optim.Adam(m.parameters(), eps=-1)
