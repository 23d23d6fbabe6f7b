# badinput: t tensor mixed types (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: new(): invalid data type 'str'
import torch
torch.tensor([1, 'a'])
