# badinput: load_state_dict of a list
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'list'>.
import torch
torch.nn.Linear(4, 2).load_state_dict([1, 2])
