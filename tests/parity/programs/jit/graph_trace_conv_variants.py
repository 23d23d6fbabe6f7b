import re
import torch
import torch.nn as nn
# Tracing the convolutions real models use besides the plain ones: transposed convolutions
# (upsampling decoders, stride 2 with output_padding, groups) and padding='same' (odd and even
# kernels, dilation; 1-d and 2-d). Each traced module must compute what the module computes, and
# its graph and .code print as PyTorch records them. A top-level built-in layer's nodes are placed
# at its own Python source in PyTorch (the tracer names the innermost Python frame: torch's install
# path, e.g. .../site-packages/torch/nn/modules/conv.py:370), which no other machine shares: those
# graphs print without source locations.


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(4, 2, kernel_size=2, stride=2)
        self.up2 = nn.ConvTranspose2d(2, 2, kernel_size=3, stride=2, padding=1, output_padding=1, groups=2)

    def forward(self, x):
        return self.up2(torch.relu(self.up(x)))


class Same(nn.Module):
    def __init__(self):
        super().__init__()
        self.odd = nn.Conv2d(2, 3, kernel_size=3, padding='same')
        self.even = nn.Conv2d(3, 3, kernel_size=(2, 4), padding='same', bias=False)
        self.dil = nn.Conv2d(3, 2, kernel_size=3, padding='same', dilation=2)

    def forward(self, x):
        return self.dil(self.even(self.odd(x)))


torch.manual_seed(0)
cases = [
    (Decoder(), torch.randn(1, 4, 3, 3)),
    (Same(), torch.randn(1, 2, 5, 6)),
    (nn.Conv1d(2, 2, kernel_size=4, padding='same'), torch.randn(2, 2, 7)),
    (nn.ConvTranspose1d(2, 3, kernel_size=3, stride=3), torch.randn(1, 2, 4)),
]
for m, x in cases:
    t = torch.jit.trace(m, x)
    y = t(x)
    print(type(m).__name__, tuple(y.shape), torch.allclose(y, m(x), atol=1e-6))
    print(round(y.sum().item(), 4))
    if type(m).__module__.startswith("torch.nn"):
        print(re.sub(r" # [^\n]*", "", str(t.graph)))
    else:
        # source locations relative to this folder: Python 3.9+ names the main script by its absolute path
        print(re.sub(r"# \S*/", "# ", str(t.graph)))
    print(t.code)
