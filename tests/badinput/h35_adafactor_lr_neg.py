# badinput: optim.Adafactor with a negative lr
# expect-exit: 1
# expect-stderr: ValueError: Learning rate should be >= 0 but is: -1.0
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adafactor([p], lr=-1.0)
