# badinput: jit load bytesio garbage
# expect-exit: 1
# expect-stderr: RuntimeError
import torch
import torch.nn as nn
import io
torch.jit.load(io.BytesIO(b"not an archive"))
