import torch
import torch.nn as nn
# A buffer registered with persistent=False stays out of state_dict through Module._apply (to_empty
# after building on the meta device, half(), to()) and through writes into module._buffers, as
# PyTorch's dict leaves _non_persistent_buffers_set alone (nanochat builds its GPT under
# torch.device("meta"), then to_empty; its rotary cos/sin are non-persistent).


class Rotary(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("cos", torch.ones(3), persistent=False)
        self.register_buffer("count", torch.zeros(1))


with torch.device("meta"):
    m = Rotary()
print(sorted(m.state_dict()), m.cos.device)
m.to_empty(device="cpu")
print(sorted(m.state_dict()), m.cos.device, sorted(m._non_persistent_buffers_set))
m._buffers["cos"] = torch.arange(4.0)
m._buffers["extra"] = torch.ones(1)
print(sorted(m.state_dict()), m.cos, sorted(m._non_persistent_buffers_set))
m.half()
print(sorted(m.state_dict()), m.cos.dtype)
m.cos = torch.zeros(2)
print(sorted(m.state_dict()), sorted(dict(m.named_buffers())))
missing = m.load_state_dict({k: v.float() for k, v in m.state_dict().items()}, strict=True)
print(missing)
