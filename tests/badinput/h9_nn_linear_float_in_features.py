# badinput: nn.Linear with a float in_features fails in torch.empty as in PyTorch
# expect-exit: 1
# expect-stderr: TypeError: empty(): argument 'size' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"
import torch
torch.nn.Linear(2.5, 3)
