# badinput: a DataParallel checkpoint's module. prefix
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "module.0.weight", "module.0.bias". 
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Sequential(nn.Linear(2, 2))
sd = {'module.' + k: v for k, v in m.state_dict().items()}
m.load_state_dict(sd)
