# badinput: torch.Tensor(2, 3.0): the legacy constructor's parser is named new()
# expect-exit: 1
# expect-stderr: TypeError: new(): argument 'size' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"
import torch
torch.Tensor(2, 3.0)
