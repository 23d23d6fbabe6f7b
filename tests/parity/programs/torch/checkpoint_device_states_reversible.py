# torch.utils.checkpoint.get_device_states / set_device_states as reversible networks use them
# (RevTorch's Deterministic wrapper, copied into lucidrains' reformer/axial-attention/performer
# packages): on CPU tensors there is no accelerator state to record, so the forward's dropout is
# replayed from the CPU RNG state alone, inside torch.random.fork_rng.
import torch
import torch.nn as nn
from torch.utils.checkpoint import get_device_states, set_device_states

x = torch.randn(2, 3)
print(get_device_states(x, [x, {"a": x}], 3, None))
print(get_device_states())
set_device_states([], [])
set_device_states([], [], device_type="meta")


class Deterministic(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.cpu_state = None
        self.cuda_in_fwd = None
        self.gpu_devices = None
        self.gpu_states = None

    def record_rng(self, *args):
        self.cpu_state = torch.get_rng_state()
        if torch.cuda._initialized:
            self.cuda_in_fwd = True
            self.gpu_devices, self.gpu_states = get_device_states(*args)

    def forward(self, *args, record_rng=False, set_rng=False, **kwargs):
        if record_rng:
            self.record_rng(*args)
        if not set_rng:
            return self.net(*args, **kwargs)
        rng_devices = []
        if self.cuda_in_fwd:
            rng_devices = self.gpu_devices
        with torch.random.fork_rng(devices=rng_devices, enabled=True):
            torch.set_rng_state(self.cpu_state)
            if self.cuda_in_fwd:
                set_device_states(self.gpu_devices, self.gpu_states)
            return self.net(*args, **kwargs)


torch.manual_seed(0)
f = Deterministic(nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5)))
inp = torch.randn(4, 3)
first = f(inp, record_rng=True)
after = torch.rand(1)
again = f(inp, set_rng=True)
print(torch.equal(first, again), torch.equal(torch.rand(1), torch.rand(1)), f.cuda_in_fwd)
print(torch.equal(after, torch.rand(1)))
