# torchvision rotate / affine on PIL images (MNIST-style augmentation: RandomRotation and RandomAffine
# with their default NEAREST interpolation before ToTensor): PIL's quarter-turn fast paths, its 16.16
# fixed-point affine warp, the double-precision scale/translate path, expand, centers, fill colours, and
# the random transforms' draws.
import torch
from torchvision import datasets, transforms as T
from torchvision.transforms import functional as F

gray = T.ToPILImage()(torch.arange(48, dtype=torch.uint8).reshape(1, 6, 8))
rgb = datasets.FakeData(size=1, image_size=(3, 7, 7))[0][0]
to_t = T.PILToTensor()
for angle in (0, 90, 180, 270, -90, 360, 10.0, -33.5, 45, 135.25):
    r = F.rotate(gray, angle)
    print(angle, r.size, to_t(r)[0].tolist())
for angle in (90, 30, -170):
    r = F.rotate(gray, angle, expand=True)
    print("expand", angle, r.size, to_t(r)[0, :2].tolist())
print("center", to_t(F.rotate(gray, 20, center=(1, 2)))[0].tolist())
print("fill", to_t(F.rotate(gray, 25, fill=200))[0, 0].tolist())
print("rgb", to_t(F.rotate(rgb, 12, fill=(10, 20, 30)))[:, 0].tolist())
print("rgb90", to_t(F.rotate(rgb, 90))[1].tolist())
print("translate", to_t(F.affine(gray, 0, [1, -2], 1.0, 0))[0].tolist())
print("scale", to_t(F.affine(gray, 0, [0, 0], 1.5, 0))[0].tolist())
print("shear", to_t(F.affine(gray, 15, [1, 0], 1.2, [5, -3], fill=7))[0].tolist())
print("affine rgb", to_t(F.affine(rgb, -40, [2, 1], 0.8, 0))[2].tolist())
torch.manual_seed(0)
aug = T.Compose([T.RandomRotation(15), T.RandomAffine(10, translate=(0.1, 0.1), scale=(0.9, 1.1)),
                 T.ToTensor(), T.Normalize((0.1307,), (0.3081,))])
print(aug)
for _ in range(3):
    x = aug(gray)
    print(x.shape, [round(v, 4) for v in x[0, 2].tolist()])
rr = T.RandomRotation((-30, 30), expand=True, fill=5)
for _ in range(2):
    print(rr(gray).size)
