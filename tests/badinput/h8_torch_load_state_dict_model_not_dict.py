# badinput: PyTorch misuse: load state dict model not dict
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'torch.nn.modules.linear.Linear'>.
import torch
m = torch.nn.Linear(2, 2)
m.load_state_dict(m)
