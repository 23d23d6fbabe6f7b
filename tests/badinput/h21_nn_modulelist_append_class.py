# badinput: ModuleList.append of a class
# expect-exit: 1
# expect-stderr: TypeError: torch.nn.modules.activation.ReLU is not a Module subclass
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.ModuleList()
m.append(nn.ReLU)
