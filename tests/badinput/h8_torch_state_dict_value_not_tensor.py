# badinput: PyTorch misuse: state dict value not tensor
# expect-exit: 1
# expect-stderr: While copying the parameter named "weight", expected torch.Tensor or Tensor-like object from checkpoint but received <class 'list'>
import torch
m = torch.nn.Linear(2, 2)
m.load_state_dict({'weight': [[0.0, 0.0], [0.0, 0.0]], 'bias': torch.zeros(2)})
