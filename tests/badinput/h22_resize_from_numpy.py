# badinput: growing a tensor made by torch.from_numpy
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to resize storage that is not resizable
import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
a = torch.from_numpy(np.zeros(3, dtype=np.float32))
a.resize_(10)
