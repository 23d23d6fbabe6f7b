# badinput: calling a ModuleList
# expect-exit: 1
# expect-stderr: NotImplementedError: Module [ModuleList] is missing the required "forward" function
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.ModuleList([nn.Linear(1, 1)])(torch.ones(1))
