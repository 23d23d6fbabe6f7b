# badinput: nn.Linear given six positional arguments
# expect-exit: 1
# expect-stderr: TypeError: Linear.__init__() takes from 3 to 6 positional arguments but 7 were given
import torch
torch.nn.Linear(2, 3, True, None, None, 5)
