# badinput: optim adam wd negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Invalid weight_decay value: -1
import torch
import torch.nn as nn
m = nn.Linear(1, 1)
torch.optim.Adam(m.parameters(), weight_decay=-1)
