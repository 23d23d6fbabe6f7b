# ColorJitter and F.adjust_brightness / contrast / saturation / hue on PIL images, as torchvision's PIL
# backend computes them with Pillow: ImageEnhance's blends in C float (extrapolation clipped), the
# contrast mean of the L image, the L round trip of Color, the HSV round trip of adjust_hue with its
# uint8 wraparound; every pixel printed. Then the seeded random transform on RGB and L images.
import torch
from torchvision import transforms as T
from torchvision.transforms import functional as F

torch.manual_seed(0)
rgb = T.ToPILImage()(torch.randint(0, 256, (3, 5, 6), dtype=torch.uint8))
gray = T.ToPILImage()(torch.randint(0, 256, (1, 4, 5), dtype=torch.uint8))
rgba = T.ToPILImage()(torch.randint(0, 256, (4, 3, 4), dtype=torch.uint8))
to_t = T.PILToTensor()

for f in (0.0, 0.3, 0.5, 1.0, 1.37, 2.5, -0.4):
    print("brightness", f, to_t(F.adjust_brightness(rgb, f)).tolist())
    print("contrast", f, to_t(F.adjust_contrast(rgb, f)).tolist())
    print("saturation", f, to_t(F.adjust_saturation(rgb, f)).tolist())
for f in (0.0, 0.05, 0.1, 0.25, 0.5, -0.07, -0.5):
    print("hue", f, to_t(F.adjust_hue(rgb, f)).tolist())
for f in (0.6, 1.8):
    print("gray", f, to_t(F.adjust_brightness(gray, f)).tolist(), to_t(F.adjust_contrast(gray, f)).tolist(),
          to_t(F.adjust_saturation(gray, f)).tolist())
    print("rgba", f, to_t(F.adjust_brightness(rgba, f)).tolist(), to_t(F.adjust_contrast(rgba, f)).tolist(),
          to_t(F.adjust_saturation(rgba, f)).tolist())
print(F.adjust_hue(gray, 0.2) is gray)
# all 256 hues at full and half saturation through the HSV round trip
wheel = torch.stack([torch.arange(256).reshape(16, 16) % 256, (torch.arange(256).reshape(16, 16) * 7) % 256,
                     (torch.arange(256).reshape(16, 16) * 13) % 256]).to(torch.uint8)
print("wheel", to_t(F.adjust_hue(T.ToPILImage()(wheel), 0.31)).sum(dim=(1, 2)).tolist(),
      to_t(F.adjust_hue(T.ToPILImage()(wheel), -0.23))[:, 3].tolist())

jitter = T.ColorJitter(brightness=0.4, contrast=0.4, saturation=0.4, hue=0.1)
print(jitter)
torch.manual_seed(1)
for _ in range(3):
    print(to_t(jitter(rgb)).tolist())
print(to_t(T.ColorJitter(brightness=(0.5, 1.5), contrast=0.2)(gray)).tolist())
try:
    F.adjust_hue(rgb, 0.7)
except ValueError as e:
    print(e)
