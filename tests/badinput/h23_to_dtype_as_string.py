# badinput: x.to('float32') (a dtype name is not a device)
# expect-exit: 1
# expect-stderr: device type at start of device string: float32
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(2).to("float32"))
