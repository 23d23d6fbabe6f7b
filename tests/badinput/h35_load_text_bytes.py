# badinput: torch.load of the bytes 'hello' (the weights-only unpickler's BINGET of a missing memo)
# expect-exit: 1
# expect-stderr: KeyError: 101
import io
import torch
torch.load(io.BytesIO(b"hello"))
