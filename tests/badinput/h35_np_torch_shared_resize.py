# badinput: resize_ of a tensor sharing a NumPy array's memory
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to resize storage that is not resizable
import numpy as np, torch
a = np.arange(6.0)
t = torch.from_numpy(a)
t.resize_(100)
