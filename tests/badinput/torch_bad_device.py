# badinput: a device string that names no device
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda
import torch
torch.device('quantum')
