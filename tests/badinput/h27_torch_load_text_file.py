# badinput: torch.load of a text file ended in NotImplementedError ("neither a zip checkpoint nor a legacy one"); PyTorch's unpickler runs its first byte ('h', BINGET) and fails on the memo
# expect-exit: 1
# expect-stdout: KeyError 101
# expect-stderr: _pickle.UnpicklingError: Memo value not found at index 101
import os
import tempfile

import torch

p = os.path.join(tempfile.mkdtemp(), "notes.txt")
with open(p, "w") as f:
    f.write("hello world\n")
try:
    torch.load(p)  # weights_only=True: torch's Python unpickler, a KeyError from its memo
except KeyError as e:
    print("KeyError", e)
torch.load(p, weights_only=False)
