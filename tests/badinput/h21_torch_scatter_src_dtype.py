# badinput: scatter_ with a src of another dtype
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).scatter_(0, torch.tensor([0]), torch.tensor([1]))
