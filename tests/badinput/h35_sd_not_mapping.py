# badinput: load_state_dict of a list
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'list'>.
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict([1, 2])
