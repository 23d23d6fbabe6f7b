# torch.meshgrid without indexing= warns once per process (ATen's TORCH_WARN_ONCE), however many call
# sites and whatever the warnings filter: nerf-pytorch's get_rays and its training loop call it from three
# lines every step. indexing='ij' / 'xy' never warn.
import warnings

import torch

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    a, b = torch.meshgrid(torch.arange(3), torch.arange(2))
    c, d = torch.meshgrid(torch.linspace(0, 1, 2), torch.linspace(0, 1, 4))
    for _ in range(3):
        torch.meshgrid(torch.arange(2), torch.arange(2))
    e, f = torch.meshgrid(torch.arange(3), torch.arange(2), indexing="xy")
print(len(w), [str(x.message).startswith("torch.meshgrid: in an upcoming release") for x in w],
      [x.category.__name__ for x in w])
print(a.tolist(), b.tolist(), tuple(c.shape), e.tolist())
