# badinput: nn.Module.get_submodule with an int target (read as a str before: a segfault)
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'split'
import torch.nn as nn
m = nn.Sequential(nn.Linear(2, 2))
print(m.get_submodule("0"))
m.get_submodule(3)
