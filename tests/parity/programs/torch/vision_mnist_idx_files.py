# torchvision's MNIST family reading idx files, as programs written for the real datasets do once the
# files are on disk: root/MNIST/raw/{train,t10k}-{images-idx3,labels-idx1}-ubyte (big-endian headers,
# uint8 data), download=True doing nothing when they are present, the legacy .train_data/.train_labels
# names, the dataset repr, PIL-image items through ToTensor/Normalize, a DataLoader over them, and the
# errors for missing files. The files are written here with struct from a seeded generator.
import os
import random
import shutil
import struct
import warnings

import torch
from torchvision import datasets, transforms

root = "tmp_vision_mnist_idx_files"
random.seed(0)


def write_split(name, split, n):
    folder = os.path.join(root, name, "raw")
    os.makedirs(folder, exist_ok=True)
    labels = bytes(random.randrange(10) for _ in range(n))
    pixels = bytes(random.randrange(256) for _ in range(n * 28 * 28))
    with open(os.path.join(folder, f"{split}-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 0x803, n, 28, 28) + pixels)
    with open(os.path.join(folder, f"{split}-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 0x801, n) + labels)


try:
    datasets.MNIST(root, train=True)
except RuntimeError as e:
    print("RuntimeError", e)
for name in ["MNIST", "FashionMNIST"]:
    write_split(name, "train", 12)
    write_split(name, "t10k", 5)

transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.1307,), (0.3081,))])
train = datasets.MNIST(root, train=True, download=True, transform=transform)
test = datasets.MNIST(root, train=False, transform=transforms.ToTensor())
print(train)
print(test)
print(len(train), len(test), train.data.shape, train.data.dtype, train.targets.dtype, train.targets.tolist())
img, label = train[3]
print(type(label).__name__, label, img.shape, img.dtype, round(img.mean().item(), 4), round(img.std().item(), 4))
raw, lab = datasets.MNIST(root)[0]
print(type(raw).__name__, raw.mode, raw.size, lab)
print(round(test[4][0].sum().item(), 4), test.class_to_idx["3 - three"], test.classes[:2])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(train.train_data.shape, train.train_labels[:3], test.test_data.dtype, test.test_labels.shape)
print([str(w.message) for w in caught])

fashion = datasets.FashionMNIST(root, train=False, download=True)
print(len(fashion), fashion.classes[9], fashion.targets.tolist(), fashion.data[0, 0, :6].tolist())

torch.manual_seed(0)
loader = torch.utils.data.DataLoader(train, batch_size=5, shuffle=True)
for images, labels in loader:
    print(images.shape, labels.tolist(), round(images.sum().item(), 2))

os.remove(os.path.join(root, "MNIST", "raw", "t10k-labels-idx1-ubyte"))
try:
    datasets.MNIST(root, train=False)
except RuntimeError as e:
    print("RuntimeError", e)
shutil.rmtree(root)
