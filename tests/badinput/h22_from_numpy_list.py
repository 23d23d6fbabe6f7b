# badinput: torch.from_numpy of a list
# expect-exit: 1
# expect-stderr: TypeError: expected np.ndarray (got list)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.from_numpy([1, 2])
