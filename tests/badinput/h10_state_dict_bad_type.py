# badinput: state dict bad type
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'int'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(1, 1).load_state_dict(5)
