# badinput: torch.load of a BytesIO cut in half
# expect-exit: 1
# expect-stderr: Error
import torch, io
b = io.BytesIO()
torch.save({'w': torch.ones(100)}, b)
data = b.getvalue()
torch.load(io.BytesIO(data[:len(data) // 2]))
