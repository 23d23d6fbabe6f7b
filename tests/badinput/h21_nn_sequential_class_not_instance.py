# badinput: Sequential given nn.ReLU (the class)
# expect-exit: 1
# expect-stderr: TypeError: torch.nn.modules.activation.ReLU is not a Module subclass
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Sequential(nn.Linear(2,3), nn.ReLU)
