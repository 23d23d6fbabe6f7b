# badinput: x.view(2.0, 3) matches neither view overload
# expect-exit: 1
# expect-stderr:  * (tuple of ints size)
import torch
torch.zeros(6).view(2.0, 3)
