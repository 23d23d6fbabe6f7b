# badinput: load_state_dict of a Linear into a Conv2d
# expect-exit: 1
# expect-stderr: size mismatch for weight
import torch
torch.nn.Conv2d(2, 2, 1).load_state_dict(torch.nn.Linear(2, 2).state_dict())
