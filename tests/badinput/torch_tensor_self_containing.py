# badinput: torch.tensor of a list that contains itself
# expect-exit: 1
# expect-stderr: Error
import torch
x = [1]
x.append(x)
torch.tensor(x)
