# badinput: load_state_dict with an extra key
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "extra".
import torch
m = torch.nn.Linear(2, 3)
sd = m.state_dict()
sd["extra"] = torch.ones(1)
m.load_state_dict(sd)
