# badinput: changing a DataLoader's batch_size after it is made (PyTorch refuses: the batch sampler was built from it)
# expect-exit: 1
# expect-stderr: ValueError: batch_size attribute should not be set after DataLoader is initialized
import torch
from torch.utils.data import DataLoader
dl = DataLoader(list(range(6)), batch_size=2)
dl.batch_size = 3
print(len(list(dl)))
