# badinput: split sizes that do not sum to the size
# expect-exit: 1
# expect-stderr: RuntimeError: split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 0), but got split_sizes=[2, 2]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.split(torch.arange(5), [2,2])
