# badinput: one_hot of a float tensor
# expect-exit: 1
# expect-stderr: RuntimeError: one_hot is only applicable to index tensor of type LongTensor.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.one_hot(torch.tensor([1.0]))
