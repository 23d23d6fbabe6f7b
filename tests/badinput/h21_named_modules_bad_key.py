# badinput: ModuleDict with a non-str key
# expect-exit: 1
# expect-stderr: TypeError: module name should be a string. Got int
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.ModuleDict({1: nn.ReLU()})
