# badinput: torch.load with map_location=5: _get_restore_location calls it, as anything not a str, dict or device
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
import io
import torch
b = io.BytesIO()
torch.save(torch.ones(1), b)
b.seek(0)
torch.load(b, map_location=5)
