# badinput: ModuleList given a class instead of an instance
# expect-exit: 1
# expect-stderr: TypeError: torch.nn.modules.linear.Linear is not a Module subclass
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.ModuleList([nn.Linear])
