# badinput: an optimizer over no parameters
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
torch.optim.Adam([])
