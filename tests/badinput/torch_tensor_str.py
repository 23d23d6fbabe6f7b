# badinput: torch.tensor(['a'])
# expect-exit: 1
# expect-stderr: TypeError: new(): invalid data type 'str'
import torch
torch.tensor(['a'])
