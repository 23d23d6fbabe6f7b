# badinput: load state dict size
# expect-exit: 1
# expect-stderr: size mismatch for weight: copying a param with shape torch.Size([1]) from checkpoint, the shape in current model is torch.Size([4, 3]).
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(3, 4)
m.load_state_dict({"weight": torch.ones(1), "bias": torch.ones(4)})
