# badinput: formatting loss.item without calling it
# expect-exit: 1
# expect-stderr: TypeError: unsupported format string passed to builtin_function_or_method.__format__
import torch
import torch.nn as nn
import torch.nn.functional as F
loss = torch.tensor(0.5)
print(f'{loss.item:.3f}')
