# badinput: out= given a list
# expect-exit: 1
# expect-stderr: TypeError: add(): argument 'out' must be Tensor, not list
import torch
torch.add(torch.ones(2), torch.ones(2), out=[1, 2])
