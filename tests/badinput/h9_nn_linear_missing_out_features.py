# badinput: nn.Linear given one size (PyTorch's layers are Python classes: __init__'s wording)
# expect-exit: 1
# expect-stderr: TypeError: Linear.__init__() missing 1 required positional argument: 'out_features'
import torch
torch.nn.Linear(4)
