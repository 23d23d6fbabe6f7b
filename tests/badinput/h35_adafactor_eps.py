# badinput: optim.Adafactor with a negative eps1
# expect-exit: 1
# expect-stderr: ValueError: epsilon1 should be >= 0 but is: -1.0
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adafactor([p], eps=(-1.0, 1e-3))
