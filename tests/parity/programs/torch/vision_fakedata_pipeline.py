# torchvision.datasets.FakeData through PIL-style transforms and a DataLoader: FakeData seeds torch's
# RNG per item (random_offset), turns the image into a PIL image (bytes of 255 * randn), and leaves
# the caller's RNG untouched; ToTensor scales bytes to [0, 1].
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

tf = transforms.Compose([
    transforms.RandomCrop(8, padding=2),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
])
ds = datasets.FakeData(size=6, image_size=(3, 8, 8), num_classes=4, transform=tf)
print(ds)
print(len(ds))
raw = datasets.FakeData(size=3, image_size=(1, 5, 5), random_offset=7)
img, target = raw[1]
print(type(img).__name__, img.size, img.mode, target)
t = transforms.ToTensor()(img)
print(t.dtype, t.shape, t[0])
print(transforms.PILToTensor()(img).flatten()[:6].tolist())
torch.manual_seed(0)
before = torch.rand(1)
torch.manual_seed(0)
raw[2]
after = torch.rand(1)
x, y = ds[2]
print(x.shape, y, torch.equal(before, after))
print([round(v, 4) for v in x[1, 3, :5].tolist()])
torch.manual_seed(3)
loader = DataLoader(ds, batch_size=4, shuffle=True)
for xb, yb in loader:
    print(xb.shape, yb, round(xb.mean().item(), 4))
rgb = datasets.FakeData(size=2, image_size=(3, 4, 4))[0][0]
print(rgb.size, rgb.mode, transforms.ToTensor()(rgb)[2, 0])
print(transforms.ToTensor()(transforms.Grayscale()(rgb))[0, 0])
print(transforms.ToTensor()(transforms.functional.hflip(rgb))[0, 0])
print(transforms.ToTensor()(transforms.CenterCrop(2)(rgb))[1])
pil = transforms.ToPILImage()(torch.tensor([[[0.0, 0.5], [0.999, 1.0]]]))
print(pil.mode, pil.size, transforms.PILToTensor()(pil).flatten().tolist())
try:
    datasets.MNIST("data", train=True, download=False)
except RuntimeError as e:
    print("RuntimeError:", str(e).split(" You can")[0])
