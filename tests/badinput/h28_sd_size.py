# badinput: load_state_dict with a parameter of the wrong shape
# expect-exit: 1
# expect-stderr: 	size mismatch for weight: copying a param with shape torch.Size([5, 3]) from checkpoint, the shape in current model is torch.Size([4, 3]).
import torch
import torch.nn as nn
m = nn.Linear(3, 4)
m.load_state_dict({"weight": torch.zeros(5, 3), "bias": torch.zeros(4)})
