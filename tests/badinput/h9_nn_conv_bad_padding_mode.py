# badinput: an unknown padding_mode
# expect-exit: 1
# expect-stderr: ValueError: padding_mode must be one of {
import torch
torch.nn.Conv2d(3, 8, 3, padding_mode='bogus')
