# ColorJitter and the adjust_* functions on the PIL images FakeData / ToPILImage hand over, as Pillow
# computes them (ImageEnhance's Brightness/Contrast/Color blends, the RGB -> HSV -> RGB hue shift),
# then the contrastive-learning augmentations of SimCLR / MoCo v2 (RandomApply(ColorJitter),
# RandomGrayscale) feeding ToTensor + Normalize, and modes L and RGBA.
import torch
from torchvision import datasets, transforms as T
import torchvision.transforms.functional as F

img = datasets.FakeData(size=2, image_size=(3, 6, 7))[0][0]
pt = T.PILToTensor()
print(img.mode, img.size)
for f in [0.0, 0.25, 0.6, 1.0, 1.4, 2.5]:
    print("brightness", f, pt(F.adjust_brightness(img, f))[0, 1].tolist())
    print("contrast", f, pt(F.adjust_contrast(img, f))[1, 2].tolist())
    print("saturation", f, pt(F.adjust_saturation(img, f))[2, 3].tolist())
for h in [-0.5, -0.25, -0.02, 0.0, 0.01, 0.1, 0.33, 0.5]:
    out = pt(F.adjust_hue(img, h))
    print("hue", h, out[:, 0].tolist(), out.sum().item())

# Every colour (a coarse grid of the RGB cube) through the hue shift.
grid = torch.stack(torch.meshgrid(torch.arange(0, 256, 15), torch.arange(0, 256, 17), torch.arange(0, 256, 51),
                                  indexing="ij"), dim=0).reshape(3, 18, -1).to(torch.uint8)
cube = F.to_pil_image(grid)
for h in [-0.4, 0.0, 0.2]:
    out = pt(F.adjust_hue(cube, h)).long()
    print("cube hue", h, out.sum().item(), (out * torch.arange(out.numel()).view(out.shape) % 1009).sum().item())
for f in [0.5, 1.5]:
    print("cube", f, pt(F.adjust_saturation(cube, f)).long().sum().item(), pt(F.adjust_contrast(cube, f)).long().sum().item())

gray = img.convert("L")
print("L", pt(F.adjust_brightness(gray, 0.7))[0, 0].tolist(), pt(F.adjust_contrast(gray, 1.3))[0, 0].tolist(),
      pt(F.adjust_saturation(gray, 0.2))[0, 0].tolist(), pt(F.adjust_hue(gray, 0.3))[0, 0].tolist())
rgba = F.to_pil_image(torch.cat([pt(img), torch.full((1, 6, 7), 128, dtype=torch.uint8)]))
print("RGBA", rgba.mode, pt(F.adjust_brightness(rgba, 0.5))[:, 0, 0].tolist(),
      pt(F.adjust_contrast(rgba, 0.5))[:, 0, 0].tolist(), pt(F.adjust_saturation(rgba, 0.5))[:, 0, 0].tolist())

torch.manual_seed(0)
jitter = T.ColorJitter(0.4, 0.4, 0.4, 0.1)
print(jitter)
for _ in range(3):
    print(pt(jitter(img))[0, 0].tolist())
normalize = T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
aug = T.Compose([T.RandomResizedCrop(5, scale=(0.2, 1.0)), T.RandomApply([T.ColorJitter(0.4, 0.4, 0.4, 0.1)], p=0.8),
                 T.RandomGrayscale(p=0.2), T.RandomHorizontalFlip(), T.ToTensor(), normalize])
data = datasets.FakeData(size=4, image_size=(3, 12, 12), transform=aug)
for i in range(4):
    x, y = data[i]
    print(i, y, tuple(x.shape), f"{x.sum().item():.4f}", [round(v, 4) for v in x[0, 0].tolist()])
