# badinput: histc of an int tensor
# expect-exit: 1
# expect-stderr: NotImplementedError: "histogram_cpu" not implemented for 'Long'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.histc(torch.tensor([1,2,3]))
