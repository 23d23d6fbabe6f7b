# badinput: PyTorch misuse: load state dict strict false size mismatch
# expect-exit: 1
# expect-stderr: size mismatch for weight: copying a param with shape torch.Size([3, 3]) from checkpoint, the shape in current model is torch.Size([2, 2]).
# expect-stdout: _IncompatibleKeys(missing_keys=['bias'], unexpected_keys=[])
import torch
m = torch.nn.Linear(2, 2)
r = m.load_state_dict({'weight': torch.zeros(2, 2)}, strict=False)
print(r)
m.load_state_dict({'weight': torch.zeros(3, 3)}, strict=False)
