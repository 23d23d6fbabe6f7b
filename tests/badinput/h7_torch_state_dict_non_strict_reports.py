# badinput: load_state_dict(strict=False) returns the missing and unexpected keys
# expect-exit: 0
# expect-stdout: ['bias'] ['zzz']
import torch
m = torch.nn.Linear(2, 2)
r = m.load_state_dict({'weight': torch.zeros(2, 2), 'zzz': torch.zeros(1)}, strict=False)
print(r.missing_keys, r.unexpected_keys)
