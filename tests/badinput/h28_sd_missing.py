# badinput: load_state_dict with a missing and an unexpected key
# expect-exit: 1
# expect-stderr: 	Unexpected key(s) in state_dict: "3.weight". 
import torch
import torch.nn as nn
m = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
sd = m.state_dict()
del sd["2.bias"]
sd["3.weight"] = torch.zeros(1)
m.load_state_dict(sd)
