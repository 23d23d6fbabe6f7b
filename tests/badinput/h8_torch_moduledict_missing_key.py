# badinput: PyTorch misuse: moduledict missing key
# expect-exit: 1
# expect-stderr: KeyError: 'b'
import torch
md = torch.nn.ModuleDict({'a': torch.nn.ReLU()})
md['b']
