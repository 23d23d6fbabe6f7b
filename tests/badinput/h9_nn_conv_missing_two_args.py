# badinput: nn.Conv2d given only in_channels
# expect-exit: 1
# expect-stderr: TypeError: Conv2d.__init__() missing 2 required positional arguments: 'out_channels' and 'kernel_size'
import torch
torch.nn.Conv2d(3)
