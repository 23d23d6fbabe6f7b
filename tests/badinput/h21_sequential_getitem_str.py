# badinput: Sequential indexed by a str
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Sequential(nn.ReLU())['0']
