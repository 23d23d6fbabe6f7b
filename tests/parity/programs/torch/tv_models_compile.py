# torch.compile of one of torchvision's newer models (issue 32): MobileNetV3-Small (Hardswish,
# squeeze-excitation with Hardsigmoid), eval mode, compiled output against eager, and a second call
# reusing the compiled code. (Swin-T was here too: PyTorch 2.11's Inductor failed to build its C++
# kernel for it on the golden machine, so it has no golden.)
import torch
from torchvision import models

for name, size in [("mobilenet_v3_small", 64)]:
    torch.manual_seed(0)
    model = models.get_model(name, num_classes=10).eval()
    torch.manual_seed(1)
    x = torch.randn(2, 3, size, size)
    compiled = torch.compile(model)
    with torch.no_grad():
        ref = model(x)
        out = compiled(x)
        again = compiled(x * 0.5)
        ref_again = model(x * 0.5)
    scale = ref.abs().max().item()
    print(name, tuple(out.shape), torch.allclose(out, ref, rtol=1e-4, atol=1e-4 * scale),
          torch.allclose(again, ref_again, rtol=1e-4, atol=1e-4 * scale))
