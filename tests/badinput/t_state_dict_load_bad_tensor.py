# badinput: t state dict load bad tensor (issue 31 sweep)
# expect-exit: 1
# expect-stderr: While copying the parameter named "weight", expected torch.Tensor or Tensor-like object from checkpoint but received <class 'int'>
import torch
m = torch.nn.Linear(2, 2)
m.load_state_dict({'weight': 1, 'bias': torch.ones(2)})
