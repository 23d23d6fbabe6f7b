# badinput: split with sizes not summing to the dim
# expect-exit: 1
# expect-stderr: RuntimeError: split_with_sizes expects split_sizes to sum exactly to 4
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(4).split([1,2]))
