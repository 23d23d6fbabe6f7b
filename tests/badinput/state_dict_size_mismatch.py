# badinput: load_state_dict with a weight of another shape
# expect-exit: 1
# expect-stderr: size mismatch for bias: copying a param with shape torch.Size([3]) from checkpoint, the shape in current model is torch.Size([2]).
import torch
m = torch.nn.Linear(4, 2)
m.load_state_dict(torch.nn.Linear(4, 3).state_dict())
