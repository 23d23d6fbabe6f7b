# badinput: index_add_ with a source of the wrong size
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).index_add_(0, torch.tensor([0, 1]), torch.ones(3))
