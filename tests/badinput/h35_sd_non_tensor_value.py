# badinput: load_state_dict with a list as a parameter's value
# expect-exit: 1
# expect-stderr: While copying the parameter named "weight", expected torch.Tensor or Tensor-like object from checkpoint but received <class 'list'>
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict({"weight": [[1.0, 2.0]] * 3, "bias": torch.ones(3)})
