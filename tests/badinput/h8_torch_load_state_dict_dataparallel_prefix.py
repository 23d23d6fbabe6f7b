# badinput: PyTorch misuse: load state dict dataparallel prefix
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "module.0.weight", "module.0.bias".
import torch
m = torch.nn.Sequential(torch.nn.Linear(2, 2))
sd = {'module.' + k: v for k, v in m.state_dict().items()}
m.load_state_dict(sd)
