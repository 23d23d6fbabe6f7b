# badinput: dataloader int dataset
# expect-exit: 1
# expect-stderr: TypeError: object of type 'int' has no len()
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
for b in DataLoader(5):
    pass
