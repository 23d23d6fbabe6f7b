# badinput: torch.nn / utils misuse: nn moduledict bad key
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t contain ".", got: a.b'
import torch
torch.nn.ModuleDict({"a.b": torch.nn.Linear(1, 1)})
