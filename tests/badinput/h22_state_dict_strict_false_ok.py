# badinput: load_state_dict(strict=False) reports the keys
# expect-exit: 0
# expect-stdout: _IncompatibleKeys(missing_keys=['weight', 'bias'], unexpected_keys=['w'])
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
print(m.load_state_dict({'w': torch.ones(1)}, strict=False))
