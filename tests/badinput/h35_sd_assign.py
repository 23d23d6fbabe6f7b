# badinput: load_state_dict(assign=True) takes the checkpoint's dtype
# expect-exit: 0
# expect-stdout: torch.float64
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict({"weight": torch.ones(3, 2, dtype=torch.float64), "bias": torch.ones(3)}, assign=True)
print(m.weight.dtype)
