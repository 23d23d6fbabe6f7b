# F.interpolate(mode="bicubic", antialias=True): ATen's separable antialiased resampling with Keys'
# a = -0.5 cubic (PIL's filter), the support widened by the downscale factor, rows normalised; used by
# timm's resample_abs_pos_embed and DINOv2's interpolate_pos_encoding (interpolate_antialias=True).
# Shrinking, growing, one axis only, scale_factor, float64, and the ValueError for other modes.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 7, 9)
for size in [(3, 4), (14, 5), (7, 9), (12, 18), (7, 4)]:
    y = F.interpolate(x, size=size, mode="bicubic", antialias=True)
    print(size, tuple(y.shape), [round(v, 4) for v in y[0, 0, 0, :3].tolist()], round(y.sum().item(), 3))
y = F.interpolate(x, scale_factor=(0.5, 1.5), mode="bicubic", antialias=True)
print(tuple(y.shape), round(y.abs().mean().item(), 4))
d = F.interpolate(x.double(), size=(4, 4), mode="bicubic", antialias=True)
print(d.dtype, [round(v, 6) for v in d[0, 1, 1].tolist()])
ramp = torch.arange(16.0).reshape(1, 1, 4, 4)
print(F.interpolate(ramp, size=(2, 2), mode="bicubic", antialias=True).tolist())
print(F.interpolate(ramp, size=(2, 2), mode="bilinear", antialias=True).tolist())
pos = torch.randn(1, 32, 4, 4)
print(tuple(F.interpolate(pos, scale_factor=(6.1 / 4, 5.1 / 4), mode="bicubic", antialias=True).shape))
for mode in ["nearest", "area"]:
    try:
        F.interpolate(x, size=(3, 3), mode=mode, antialias=True)
    except ValueError as e:
        print("ValueError:", e)
try:
    F.interpolate(torch.randn(1, 2, 5), size=3, mode="linear", antialias=True)
except ValueError as e:
    print("ValueError:", e)
