# badinput: load_state_dict with an extra key names it
# expect-exit: 1
# expect-stderr: 	Unexpected key(s) in state_dict: "extra". 
import torch
m = torch.nn.Linear(2, 2)
sd = dict(m.state_dict())
sd['extra'] = torch.zeros(1)
m.load_state_dict(sd)
