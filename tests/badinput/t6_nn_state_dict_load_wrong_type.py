# badinput: nn state dict load wrong type (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: While copying the parameter named "weight", expected torch.Tensor or Tensor-like object from checkpoint but received <class 'int'>
import torch
import torch.nn as nn
m = nn.Linear(2, 2)
m.load_state_dict({'weight': 5, 'bias': torch.zeros(2)})
