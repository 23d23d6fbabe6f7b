# badinput: PyTorch misuse: moduledict dot key
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t contain ".", got: a.b'
import torch
md = torch.nn.ModuleDict({'a.b': torch.nn.ReLU()})
