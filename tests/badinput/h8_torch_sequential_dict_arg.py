# badinput: PyTorch misuse: sequential dict arg
# expect-exit: 1
# expect-stderr: TypeError: dict is not a Module subclass
import torch
s = torch.nn.Sequential({'a': torch.nn.ReLU()})
