# badinput: load_state_dict missing a key
# expect-exit: 1
# expect-stderr: Missing key(s) in state_dict: "bias".
import torch
m = torch.nn.Linear(4, 2)
sd = m.state_dict()
del sd['bias']
m.load_state_dict(sd)
