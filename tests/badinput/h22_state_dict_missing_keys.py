# badinput: load_state_dict missing the bias
# expect-exit: 1
# expect-stderr: Missing key(s) in state_dict: "bias". 
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
m.load_state_dict({'weight': torch.ones(2, 2)})
