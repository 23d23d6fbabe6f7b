# badinput: Tensor.to with a dtype name string
# expect-exit: 1
# expect-stderr: device type at start of device string: float64
import torch
torch.ones(2).to('float64')
