# badinput: Sequential indexed past its end
# expect-exit: 1
# expect-stderr: IndexError: index 3 is out of range
import torch
torch.nn.Sequential(torch.nn.ReLU())[3]
