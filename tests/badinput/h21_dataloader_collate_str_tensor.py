# badinput: batch mixing str and tensor fields
# expect-exit: 1
# expect-stderr: TypeError: expected Tensor as element 1 in argument 0, but got str
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
ds = [torch.zeros(2), 'a']
for b in DataLoader(ds, batch_size=2):
    pass
