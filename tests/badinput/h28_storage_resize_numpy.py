# badinput: growing the storage of a tensor made by torch.from_numpy
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to resize storage that is not resizable
import numpy as np
import torch
x = torch.from_numpy(np.zeros(4, dtype=np.float32))
x.untyped_storage().resize_(100)
