# badinput: len() of a 0-d tensor
# expect-exit: 1
# expect-stderr: TypeError: len() of a 0-d tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
len(torch.tensor(3.0))
