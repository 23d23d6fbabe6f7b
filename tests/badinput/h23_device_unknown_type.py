# badinput: a device type nobody knows keeps c10's list
# expect-exit: 1
# expect-stderr: device type at start of device string: tpu
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, device='tpu')
