# badinput: assigning a str into a tensor
# expect-exit: 1
# expect-stderr: TypeError: can't assign a str to a torch.FloatTensor
import torch
t = torch.ones(3)
t[0] = 'a'
