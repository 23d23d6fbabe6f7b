# badinput: an optimizer param group without "params": PyTorch's KeyError names the key
# expect-exit: 1
# expect-stderr: KeyError: 'params'
import torch
torch.optim.Adam([{"lr": 0.1}])
