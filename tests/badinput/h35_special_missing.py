# badinput: a torch.special function that does not exist
# expect-exit: 1
# expect-stderr: AttributeError: module 'torch.special' has no attribute 'not_a_function'
import torch
torch.special.not_a_function(torch.randn(3))
