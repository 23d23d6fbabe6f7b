# badinput: load_state_dict with a weight of the wrong shape
# expect-exit: 1
# expect-stderr: size mismatch for weight: copying a param with shape torch.Size([2, 2]) from checkpoint, the shape in current model is torch.Size([3, 2]).
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict({"weight": torch.ones(2, 2), "bias": torch.ones(3)})
