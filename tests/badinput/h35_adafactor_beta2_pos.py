# badinput: optim.Adafactor with a positive beta2_decay
# expect-exit: 1
# expect-stderr: ValueError: beta2_decay should be <= 0 but is: 0.5
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adafactor([p], beta2_decay=0.5)
