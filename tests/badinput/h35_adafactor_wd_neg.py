# badinput: optim.Adafactor with a negative weight_decay
# expect-exit: 1
# expect-stderr: ValueError: weight_decay should be >= 0 but is: -0.1
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adafactor([p], weight_decay=-0.1)
