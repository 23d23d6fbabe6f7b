# badinput: torch.from_numpy of a str array
# expect-exit: 1
# expect-stderr: can't convert np.ndarray of type
import numpy as np, torch
torch.from_numpy(np.array(["a", "b"]))
