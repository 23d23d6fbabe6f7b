# A Dataset class that reads PNG files with PIL (Image.open(path).convert('RGB'), as the siamese /
# few-shot / center-loss repositories' datasets.py do) and torchvision transforms on the PIL images:
# ToTensor, PILToTensor, Resize (PIL's resampling), RandomCrop with padding, CenterCrop,
# RandomHorizontalFlip, Grayscale, Normalize, ToPILImage back, and a DataLoader over the dataset.
import os
import tempfile

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms


class PNGFolder(Dataset):
    def __init__(self, root, transform=None):
        self.paths = sorted(os.path.join(root, f) for f in os.listdir(root) if f.endswith(".png"))
        self.labels = [int(os.path.basename(p)[0]) for p in self.paths]
        self.transform = transform

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = Image.open(self.paths[i]).convert("RGB")
        if self.transform is not None:
            img = self.transform(img)
        return img, self.labels[i]


rs = np.random.RandomState(1)
with tempfile.TemporaryDirectory() as root:
    for k in range(6):
        shape = (9 + k, 11, 3) if k % 3 else (10, 12)
        Image.fromarray(rs.randint(0, 256, size=shape).astype(np.uint8)).save(os.path.join(root, f"{k % 2}_{k}.png"))

    plain = PNGFolder(root)
    img, label = plain[1]
    print(type(img).__name__, img.mode, img.size, label)
    t = transforms.ToTensor()(img)
    print(t.dtype, t.shape, round(t.sum().item(), 2), t[0, 0, :3])
    p = transforms.PILToTensor()(img)
    print(p.dtype, p.shape, p[:, 0, 0].tolist())

    torch.manual_seed(0)
    tf = transforms.Compose([
        transforms.Resize((8, 8)),
        transforms.RandomCrop(6, padding=1),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize((0.5, 0.5, 0.5), (0.25, 0.25, 0.25)),
    ])
    data = PNGFolder(root, transform=tf)
    loader = DataLoader(data, batch_size=4, shuffle=False)
    for x, y in loader:
        print(x.shape, y.tolist(), round(x.sum().item(), 4), round(x.std().item(), 4))

    tf2 = transforms.Compose([transforms.Resize(7), transforms.CenterCrop(5), transforms.Grayscale(), transforms.ToTensor()])
    g = tf2(plain[0][0])
    print(g.shape, (g * 255).round().to(torch.int64)[0].tolist())

    back = transforms.ToPILImage()(t)
    print(back.mode, back.size, np.array_equal(np.asarray(back), np.asarray(img)))
    gimg = transforms.ToPILImage()(torch.arange(12, dtype=torch.uint8).reshape(1, 3, 4) * 20)
    print(gimg.mode, np.asarray(gimg).tolist())
    print(np.asarray(transforms.Resize((3, 5))(img)).reshape(-1)[:10].tolist())
    print(np.asarray(transforms.Resize((3, 5), interpolation=transforms.InterpolationMode.BILINEAR)(img))[1, :, 2].tolist())
