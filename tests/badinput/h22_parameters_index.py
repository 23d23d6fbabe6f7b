# badinput: indexing parameters()
# expect-exit: 1
# expect-stderr: TypeError: 'generator' object is not subscriptable
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 2).parameters()[0]
