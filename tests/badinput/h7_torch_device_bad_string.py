# badinput: a device string with a non-numeric index
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid device string: 'cpu:x'
import torch
torch.device('cpu:x')
