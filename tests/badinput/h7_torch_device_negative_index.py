# badinput: a negative device index
# expect-exit: 1
# expect-stderr: RuntimeError: Device index must not be negative
import torch
torch.device('cpu', -1)
