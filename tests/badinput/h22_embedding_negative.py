# badinput: Embedding with a negative index
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Embedding(10, 3)(torch.tensor([-1]))
