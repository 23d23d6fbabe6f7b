# torchvision.transforms on tensors: reprs, seeded random transforms (RandomCrop, flips,
# RandomResizedCrop, ColorJitter draw from torch's RNG as torchvision does), Resize (antialiased
# bilinear, torchvision's default), CenterCrop, Pad modes, Normalize, Grayscale, functional calls.
import torch
import torchvision.transforms as T
import torchvision.transforms.functional as TF

torch.manual_seed(0)
img = torch.rand(3, 10, 12)
train = T.Compose([T.RandomCrop(8, padding=2), T.RandomHorizontalFlip(), T.RandomVerticalFlip(p=0.3),
                   T.Normalize(mean=[0.5, 0.5, 0.5], std=[0.25, 0.25, 0.25])])
print(train)
torch.manual_seed(1)
for _ in range(3):
    out = train(img)
    print(out.shape, [round(v, 4) for v in out[0, 0, :4].tolist()])
print(TF.resize(img, [5, 6])[1, 2], TF.resize(img, 20).shape)
print(TF.resize(img, [7, 9], antialias=False)[0, 3])
print(TF.resize(img, [15, 18])[2, 5, :6])
print(TF.resize(img, [4, 4], interpolation=T.InterpolationMode.NEAREST)[0])
print(T.Resize(6), T.CenterCrop(4), T.Pad(1, padding_mode="reflect"), T.Grayscale(3))
print(TF.center_crop(img, [4, 5])[0], TF.center_crop(img, 14).shape)
for mode in ["constant", "edge", "reflect", "symmetric"]:
    print(mode, TF.pad(img, [2, 1], fill=0.5, padding_mode=mode)[0, :3, :5])
print(TF.rgb_to_grayscale(img)[0, 0, :4], TF.hflip(img)[0, 0, :3], TF.vflip(img)[0, 0, :3])
rrc = T.RandomResizedCrop(6, scale=(0.2, 1.0))
cj = T.ColorJitter(brightness=0.4, contrast=0.4, saturation=0.4, hue=0.1)
print(rrc, cj)
torch.manual_seed(2)
print(rrc(img)[0, 0], T.RandomResizedCrop.get_params(img, (0.08, 1.0), (0.75, 4 / 3)))
print(cj(img)[:, 0, :3])
print(T.ConvertImageDtype(torch.float64)(img).dtype, T.Lambda(lambda t: t * 2)(img).sum() / img.sum())
print(TF.adjust_hue(img, 0.2)[:, 1, 1], TF.adjust_saturation(img, 0.5)[:, 1, 1])
print(TF.normalize(img, [0.1, 0.2, 0.3], [1.0, 2.0, 4.0])[:, 0, 0], TF.get_dimensions(img))
crops = TF.five_crop(img, 4)
print(len(crops), [c.shape for c in crops][0], crops[4][0, 0])
try:
    T.ToTensor()(img)
except TypeError as e:
    print("TypeError:", e)
