# badinput: load_state_dict with a running_mean of the wrong size
# expect-exit: 1
# expect-stderr: size mismatch for running_mean: copying a param with shape torch.Size([4]) from checkpoint, the shape in current model is torch.Size([3]).
import torch
m = torch.nn.BatchNorm1d(3)
sd = m.state_dict()
sd["running_mean"] = torch.ones(4)
m.load_state_dict(sd)
