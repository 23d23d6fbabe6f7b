# torch.compile of two of torchvision's newer models (issue 32): MobileNetV3-Small (Hardswish,
# squeeze-excitation with Hardsigmoid) and Swin-T (shifted-window attention: padding to whole windows,
# torch.roll, the shift mask, a list copied and mutated in the traced code), eval mode, compiled output
# against eager, and a second call reusing the compiled code.
import torch
from torchvision import models

for name, size in [("mobilenet_v3_small", 64), ("swin_t", 64)]:
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
