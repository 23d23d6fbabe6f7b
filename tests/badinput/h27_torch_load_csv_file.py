# badinput: torch.load of a CSV file: the weights-only unpickler refuses its first byte ('1') as an unsupported operand
# expect-exit: 1
# expect-stdout: could not find MARK
# expect-stderr: Unsupported operand 49
import os
import pickle
import tempfile

import torch

p = os.path.join(tempfile.mkdtemp(), "data.csv")
with open(p, "w") as f:
    f.write("1,2,3\n")
try:
    torch.load(p, weights_only=False)
except pickle.UnpicklingError as e:
    print(e)
try:
    torch.load(p)
except pickle.UnpicklingError as e:
    raise RuntimeError(str(e).split("\n")[3]) from None
