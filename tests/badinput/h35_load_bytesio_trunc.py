# badinput: torch.load of a checkpoint cut after 200 bytes
# expect-exit: 1
# expect-stderr: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
import torch, io
b = io.BytesIO()
torch.save(torch.ones(100), b)
torch.load(io.BytesIO(b.getvalue()[:200]))
