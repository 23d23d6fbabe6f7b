# badinput: load_state_dict(strict=False) reports the missing key
# expect-exit: 0
# expect-stdout: _IncompatibleKeys(missing_keys=['bias'], unexpected_keys=[])
import torch
m = torch.nn.Linear(2, 3)
r = m.load_state_dict({"weight": torch.ones(3, 2)}, strict=False)
print(r)
