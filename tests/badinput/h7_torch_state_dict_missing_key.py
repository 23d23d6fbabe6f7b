# badinput: load_state_dict without a bias names the missing key
# expect-exit: 1
# expect-stderr: 	Missing key(s) in state_dict: "bias". 
import torch
m = torch.nn.Linear(2, 2)
m.load_state_dict({'weight': torch.zeros(2, 2)})
