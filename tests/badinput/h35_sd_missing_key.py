# badinput: load_state_dict missing a key
# expect-exit: 1
# expect-stderr: Missing key(s) in state_dict: "bias".
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict({"weight": torch.ones(3, 2)})
