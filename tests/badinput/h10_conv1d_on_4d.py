# badinput: conv1d on 4d
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [1, 1, 1, 1]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv1d(1, 1, 1)(torch.ones(1, 1, 1, 1))
