# badinput: PyTorch misuse: load state dict nested size mismatch
# expect-exit: 1
# expect-stderr: size mismatch for 1.weight: copying a param with shape torch.Size([1, 4]) from checkpoint, the shape in current model is torch.Size([1, 3]).
import torch
m = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(3, 1))
sd = m.state_dict()
sd['1.weight'] = torch.zeros(1, 4)
sd['0.bias'] = torch.zeros(4)
m.load_state_dict(sd)
