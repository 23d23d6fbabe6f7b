# badinput: strict=False still refuses a size mismatch
# expect-exit: 1
# expect-stderr: size mismatch for weight: copying a param with shape torch.Size([3, 2]) from checkpoint, the shape in current model is torch.Size([2, 2]).
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
m.load_state_dict({'weight': torch.ones(3, 2)}, strict=False)
