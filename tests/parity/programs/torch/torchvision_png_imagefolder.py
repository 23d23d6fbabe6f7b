# Image folders of PNG files, as the learnpytorch.io going_modular scripts train on them:
# torchvision.io.write_png / read_file / read_image / decode_png round trips (uint8 CHW, read modes),
# and datasets.ImageFolder with its default loader (PIL in torchvision, RGB conversion) feeding
# Resize + ToTensor through a DataLoader. Files live in a temporary directory.
import os
import tempfile

import torch
import torchvision
from torch.utils.data import DataLoader
from torchvision import datasets, transforms
from torchvision.io import ImageReadMode, decode_png, read_file, read_image, write_png

torch.manual_seed(0)
with tempfile.TemporaryDirectory() as root:
    img = torch.randint(0, 256, (3, 10, 12), dtype=torch.uint8)
    path = os.path.join(root, "rgb.png")
    write_png(img, path)
    back = read_image(path)
    print(back.dtype, back.shape, torch.equal(back, img))
    data = read_file(path)
    print(data.dtype, data.dim(), torch.equal(decode_png(data), img))
    print(read_image(path, mode=ImageReadMode.RGB_ALPHA).shape, read_image(path, ImageReadMode.RGB_ALPHA)[3].unique())
    grey = torch.randint(0, 256, (1, 5, 6), dtype=torch.uint8)
    write_png(grey, os.path.join(root, "grey.png"))
    g = read_image(os.path.join(root, "grey.png"))
    print(g.shape, torch.equal(g, grey), torch.equal(read_image(os.path.join(root, "grey.png"), ImageReadMode.RGB),
                                                     grey.expand(3, -1, -1)))

    for split, n in (("train", 4), ("test", 2)):
        for c, cls in enumerate(("pizza", "steak", "sushi")):
            d = os.path.join(root, "data", split, cls)
            os.makedirs(d)
            for i in range(n):
                write_png(torch.full((3, 9, 11), 40 * c + 10 * i, dtype=torch.uint8), os.path.join(d, f"{i}.png"))
    transform = transforms.Compose([transforms.Resize((8, 8)), transforms.ToTensor()])
    train_data = datasets.ImageFolder(os.path.join(root, "data", "train"), transform=transform)
    test_data = datasets.ImageFolder(os.path.join(root, "data", "test"), transform=transform)
    print(train_data.classes, train_data.class_to_idx, len(train_data), len(test_data))
    x, label = train_data[5]
    print(x.shape, x.dtype, label, round(x.mean().item(), 4))
    pil = datasets.folder.default_loader(os.path.join(root, "data", "test", "sushi", "1.png"))
    print(pil.mode, pil.size)
    loader = DataLoader(train_data, batch_size=4, shuffle=False)
    for xb, yb in loader:
        print(xb.shape, yb.tolist(), [round(v, 4) for v in xb.mean(dim=(1, 2, 3)).tolist()])
