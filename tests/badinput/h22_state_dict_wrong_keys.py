# badinput: load_state_dict with keys the model lacks
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "w". 
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
m.load_state_dict({'w': torch.ones(1)})
