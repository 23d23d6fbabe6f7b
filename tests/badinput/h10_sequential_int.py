# badinput: sequential int
# expect-exit: 1
# expect-stderr: TypeError: int is not a Module subclass
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Sequential(5)
