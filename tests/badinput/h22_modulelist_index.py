# badinput: ModuleList index out of range
# expect-exit: 1
# expect-stderr: IndexError: index 3 is out of range
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.ModuleList([nn.Linear(1, 1)])[3]
