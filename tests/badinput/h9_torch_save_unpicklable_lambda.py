# badinput: torch.save of a lambda
# expect-exit: 1
# expect-stderr: Error
import torch, io
torch.save({'f': lambda x: x}, io.BytesIO())
