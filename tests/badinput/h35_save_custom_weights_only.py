# badinput: torch.load (weights_only by default) of a user class instance
# expect-exit: 1
# expect-stderr-has: WeightsUnpickler error
import io
import torch
class C:
    pass
b = io.BytesIO()
torch.save({"a": C()}, b)
b.seek(0)
torch.load(b)
