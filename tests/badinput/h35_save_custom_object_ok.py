# badinput: torch.save and weights_only=False load of a user class instance
# expect-exit: 0
# expect-stdout: C
import io
import torch
class C:
    pass
b = io.BytesIO()
torch.save({"a": C()}, b)
b.seek(0)
print(type(torch.load(b, weights_only=False)["a"]).__name__)
