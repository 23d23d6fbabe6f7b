# Real-program corpus (tests/realworld, see README.md): the data side of pytorch/examples
# super_resolution @ 77f55b912142e11fcfdf5b530231fb9c52f181e8 (data.py, dataset.py, main.py,
# super_resolve.py, model.py): images in a folder read by a DatasetFromFolder whose load_img converts
# to YCbCr and keeps the Y band (Image.convert('YCbCr'), split()), input/target transforms
# (CenterCrop to a crop size divisible by the upscale factor, Resize by 1/upscale, ToTensor),
# DataLoader with shuffle, the sub-pixel Net (PixelShuffle, orthogonal_ init), MSE + PSNR, whole-model
# checkpoints (torch.save(model), torch.load under torch.serialization.safe_globals), then
# super_resolve: Y through the net, Cb/Cr resized with BICUBIC, Image.merge('YCbCr', ...).convert('RGB').
# Written for Kiln, not copied. Changes from the origin: random PNG images written into a temporary
# directory instead of the BSDS300 download (data.py's `from six.moves import urllib` download step
# left out), 3 + 2 images of 40x46, crop 24, one epoch, batch 2, no accelerator flag; outputs rounded.
import os
import tempfile
from math import log10
from os import listdir
from os.path import join

import numpy as np
import torch
import torch.nn as nn
import torch.nn.init as init
import torch.optim as optim
import torch.utils.data as data
from PIL import Image
from torch.utils.data import DataLoader
from torchvision.transforms import CenterCrop, Compose, Resize, ToTensor


class Net(nn.Module):
    def __init__(self, upscale_factor):
        super(Net, self).__init__()

        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(1, 64, (5, 5), (1, 1), (2, 2))
        self.conv2 = nn.Conv2d(64, 64, (3, 3), (1, 1), (1, 1))
        self.conv3 = nn.Conv2d(64, 32, (3, 3), (1, 1), (1, 1))
        self.conv4 = nn.Conv2d(32, upscale_factor ** 2, (3, 3), (1, 1), (1, 1))
        self.pixel_shuffle = nn.PixelShuffle(upscale_factor)

        self._initialize_weights()

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.relu(self.conv3(x))
        x = self.pixel_shuffle(self.conv4(x))
        return x

    def _initialize_weights(self):
        init.orthogonal_(self.conv1.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv2.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv3.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv4.weight)


def is_image_file(filename):
    return any(filename.endswith(extension) for extension in [".png", ".jpg", ".jpeg"])


def load_img(filepath):
    img = Image.open(filepath).convert('YCbCr')
    y, _, _ = img.split()
    return y


class DatasetFromFolder(data.Dataset):
    def __init__(self, image_dir, input_transform=None, target_transform=None):
        super(DatasetFromFolder, self).__init__()
        self.image_filenames = [join(image_dir, x) for x in sorted(listdir(image_dir)) if is_image_file(x)]

        self.input_transform = input_transform
        self.target_transform = target_transform

    def __getitem__(self, index):
        input = load_img(self.image_filenames[index])
        target = input.copy()
        if self.input_transform:
            input = self.input_transform(input)
        if self.target_transform:
            target = self.target_transform(target)

        return input, target

    def __len__(self):
        return len(self.image_filenames)


def calculate_valid_crop_size(crop_size, upscale_factor):
    return crop_size - (crop_size % upscale_factor)


def input_transform(crop_size, upscale_factor):
    return Compose([
        CenterCrop(crop_size),
        Resize(crop_size // upscale_factor),
        ToTensor(),
    ])


def target_transform(crop_size):
    return Compose([
        CenterCrop(crop_size),
        ToTensor(),
    ])


def get_set(root_dir, name, upscale_factor):
    crop_size = calculate_valid_crop_size(26, upscale_factor)
    return DatasetFromFolder(join(root_dir, name),
                             input_transform=input_transform(crop_size, upscale_factor),
                             target_transform=target_transform(crop_size))


tmp = tempfile.mkdtemp()
rs = np.random.RandomState(0)
for name, n in (("train", 3), ("test", 2)):
    os.makedirs(join(tmp, name))
    for i in range(n):
        a = (rs.rand(40, 46, 3) * 255).astype(np.uint8)
        a[:, :, 1] = np.clip(a[:, :, 0] * 0.5 + a[:, :, 1] * 0.5, 0, 255).astype(np.uint8)  # some structure
        Image.fromarray(a, "RGB").save(join(tmp, name, "img%d.png" % i))

upscale_factor = 3
torch.manual_seed(123)
device = torch.device("cpu")
print('===> Loading datasets')
train_set = get_set(tmp, "train", upscale_factor)
test_set = get_set(tmp, "test", upscale_factor)
x0, t0 = train_set[0]
print(len(train_set), len(test_set), tuple(x0.shape), tuple(t0.shape), round(x0.sum().item(), 4), round(t0.mean().item(), 4))
training_data_loader = DataLoader(dataset=train_set, num_workers=0, batch_size=2, shuffle=True)
testing_data_loader = DataLoader(dataset=test_set, num_workers=0, batch_size=2, shuffle=False)

print('===> Building model')
model = Net(upscale_factor=upscale_factor).to(device)
criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=0.01)


def train(epoch):
    epoch_loss = 0
    for iteration, batch in enumerate(training_data_loader, 1):
        input, target = batch[0].to(device), batch[1].to(device)

        optimizer.zero_grad()
        loss = criterion(model(input), target)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()

        print("===> Epoch[{}]({}/{}): Loss: {:.4f}".format(epoch, iteration, len(training_data_loader), loss.item()))

    print("===> Epoch {} Complete: Avg. Loss: {:.4f}".format(epoch, epoch_loss / len(training_data_loader)))


def test():
    avg_psnr = 0
    with torch.no_grad():
        for batch in testing_data_loader:
            input, target = batch[0].to(device), batch[1].to(device)

            prediction = model(input)
            mse = criterion(prediction, target)
            psnr = 10 * log10(1 / mse.item())
            avg_psnr += psnr
    print("===> Avg. PSNR: {:.2f} dB".format(avg_psnr / len(testing_data_loader)))


def checkpoint(epoch):
    model_out_path = join(tmp, "model_epoch_{}.pth".format(epoch))
    torch.save(model, model_out_path)
    print("Checkpoint saved to {}".format(os.path.basename(model_out_path)))


for epoch in range(1, 2):
    train(epoch)
    test()
    checkpoint(epoch)

# super_resolve.py
img = Image.open(join(tmp, "test", "img1.png")).convert('YCbCr')
y, cb, cr = img.split()
with open(join(tmp, "model_epoch_1.pth"), 'rb') as f:
    safe_globals = [
        Net,
        torch.nn.modules.activation.ReLU,
        torch.nn.modules.conv.Conv2d,
        torch.nn.modules.pixelshuffle.PixelShuffle,
    ]
    with torch.serialization.safe_globals(safe_globals):
        model = torch.load(f)
print(type(model).__name__, sum(p.numel() for p in model.parameters()))

img_to_tensor = ToTensor()
input = img_to_tensor(y).view(1, -1, y.size[1], y.size[0])
out = model(input)
out = out.cpu()
out_img_y = out[0].detach().numpy()
out_img_y *= 255.0
out_img_y = out_img_y.clip(0, 255)
out_img_y = Image.fromarray(np.uint8(out_img_y[0]), mode='L')

out_img_cb = cb.resize(out_img_y.size, Image.BICUBIC)
out_img_cr = cr.resize(out_img_y.size, Image.BICUBIC)
out_img = Image.merge('YCbCr', [out_img_y, out_img_cb, out_img_cr]).convert('RGB')
print(out_img.mode, out_img.size, np.array(out_img_cb).sum(), np.array(out_img_cr)[5, :6].tolist())
out_path = join(tmp, "out.png")
out_img.save(out_path)
print('output image saved to ', os.path.basename(out_path), Image.open(out_path).size)
