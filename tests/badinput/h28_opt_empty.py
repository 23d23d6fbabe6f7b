# badinput: an optimizer given no parameters
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
opt = torch.optim.Adam([], lr=0.1)
