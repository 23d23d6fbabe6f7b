# badinput: load_state_dict of a differently sized layer
# expect-exit: 1
# expect-stderr: size mismatch for bias: copying a param with shape torch.Size([4]) from checkpoint, the shape in current model is torch.Size([3]).
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 3).load_state_dict(nn.Linear(2, 4).state_dict())
