# badinput: torch.tensor of strings
# expect-exit: 1
# expect-stderr: TypeError: new(): invalid data type 'str'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor(['a', 'b'])
