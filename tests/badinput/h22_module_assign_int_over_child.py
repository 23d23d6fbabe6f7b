# badinput: replacing a child module with an int
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' as child module 'fc' (torch.nn.Module or None expected)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Sequential()
m.fc = nn.Linear(1, 1)
m.fc = 3
