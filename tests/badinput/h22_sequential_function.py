# badinput: a plain function inside nn.Sequential
# expect-exit: 1
# expect-stderr: TypeError: torch.nn.functional.relu is not a Module subclass
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Sequential(nn.Linear(2, 2), F.relu)
