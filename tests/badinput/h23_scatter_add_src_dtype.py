# badinput: scatter_add_ with a float64 src into float32
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(3)
x.scatter_add_(0, torch.tensor([1]), torch.ones(1,dtype=torch.float64))
