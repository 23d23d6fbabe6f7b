# badinput: Adam with beta 1.5
# expect-exit: 1
# expect-stderr: ValueError: Invalid beta parameter at index 0: 1.5
import torch
torch.optim.Adam(torch.nn.Linear(1, 1).parameters(), betas=(1.5, 0.9))
