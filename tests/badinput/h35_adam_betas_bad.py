# badinput: optim.Adam with beta1 of 1.5
# expect-exit: 1
# expect-stderr: ValueError: Invalid beta parameter at index 0: 1.5
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adam([p], betas=(1.5, 0.9))
