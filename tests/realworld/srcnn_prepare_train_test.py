# Real-program corpus (tests/realworld, see README.md): yjn870/SRCNN-pytorch, the widely copied SRCNN
# super-resolution pipeline end to end: prepare.py (PNG images read with PIL through glob, cropped
# to a multiple of the scale, bicubic down- and up-sampling with Image.resize(resample=BICUBIC),
# RGB -> Y with convert_rgb_to_y on float32 arrays, strided patch extraction into HDF5 datasets and an
# eval group), datasets.py (Dataset classes that reopen the file in __getitem__/__len__ and return
# `np.expand_dims(f['lr'][idx] / 255., 0)`), train.py (SRCNN with nn.ReLU(inplace=True), Adam with
# per-layer parameter groups where conv3 gets lr * 0.1, DataLoader(shuffle, num_workers,
# pin_memory, drop_last), an AverageMeter, tqdm with set_description/set_postfix/update,
# torch.backends.cudnn.benchmark, per-epoch checkpoints, PSNR through torch.log10 and the best-weights
# copy.deepcopy of the state_dict), and test.py (weights loaded by copying into model.state_dict()
# with map_location=lambda storage, loc: storage, YCbCr conversion both ways on NumPy arrays,
# `y /= 255.` in place on a view, PSNR, the clipped uint8 output image saved with PIL).
# Origin: yjn870/SRCNN-pytorch prepare.py, train.py, models.py, datasets.py @
# 7fb666916f126b0cbdff1b9ad6dc70ceea2fda08, utils.py and test.py @ 50c9185a4c901012896dbfba341c2d6398ae1e98.
# Changes: the four scripts run in order from one file with explicit argument lists; the 91-image and
# Set5 sets are replaced by seeded synthetic RGB images (smooth gradients plus noise) written as PNGs
# to a temporary directory; h5py (not provided in Kiln) is replaced by a small File class with the
# same create_dataset/create_group/[key]/len/with calls, kept in memory per path; patch 15, stride 9,
# scale 3, batch 4, 2 epochs, num_workers 2; tqdm writes its bars to stderr, so only the prints remain.
import argparse
import copy
import glob
import os
import tempfile

import numpy as np
import PIL.Image as pil_image
import torch
from torch import nn
import torch.optim as optim
import torch.backends.cudnn as cudnn
from torch.utils.data import Dataset
from torch.utils.data.dataloader import DataLoader
from tqdm import tqdm


# ---- a stand-in for the h5py calls the scripts make ----

class h5py:
    _files = {}

    class File:
        def __init__(self, path, mode='r'):
            if mode == 'w':
                h5py._files[path] = {}
            self.root = h5py._files[path]

        def create_dataset(self, name, data):
            self.root[name] = np.array(data)

        def create_group(self, name):
            group = h5py.File.__new__(h5py.File)
            group.root = self.root.setdefault(name, {})
            return group

        def __getitem__(self, key):
            value = self.root[key]
            if isinstance(value, dict):
                group = h5py.File.__new__(h5py.File)
                group.root = value
                return group
            return value

        def __len__(self):
            return len(self.root)

        def close(self):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.close()


# ---- utils.py ----

def convert_rgb_to_y(img):
    if type(img) == np.ndarray:
        return 16. + (64.738 * img[:, :, 0] + 129.057 * img[:, :, 1] + 25.064 * img[:, :, 2]) / 256.
    elif type(img) == torch.Tensor:
        if len(img.shape) == 4:
            img = img.squeeze(0)
        return 16. + (64.738 * img[0, :, :] + 129.057 * img[1, :, :] + 25.064 * img[2, :, :]) / 256.
    else:
        raise Exception('Unknown Type', type(img))


def convert_rgb_to_ycbcr(img):
    if type(img) == np.ndarray:
        y = 16. + (64.738 * img[:, :, 0] + 129.057 * img[:, :, 1] + 25.064 * img[:, :, 2]) / 256.
        cb = 128. + (-37.945 * img[:, :, 0] - 74.494 * img[:, :, 1] + 112.439 * img[:, :, 2]) / 256.
        cr = 128. + (112.439 * img[:, :, 0] - 94.154 * img[:, :, 1] - 18.285 * img[:, :, 2]) / 256.
        return np.array([y, cb, cr]).transpose([1, 2, 0])
    elif type(img) == torch.Tensor:
        if len(img.shape) == 4:
            img = img.squeeze(0)
        y = 16. + (64.738 * img[0, :, :] + 129.057 * img[1, :, :] + 25.064 * img[2, :, :]) / 256.
        cb = 128. + (-37.945 * img[0, :, :] - 74.494 * img[1, :, :] + 112.439 * img[2, :, :]) / 256.
        cr = 128. + (112.439 * img[0, :, :] - 94.154 * img[1, :, :] - 18.285 * img[2, :, :]) / 256.
        return torch.cat([y, cb, cr], 0).permute(1, 2, 0)
    else:
        raise Exception('Unknown Type', type(img))


def convert_ycbcr_to_rgb(img):
    if type(img) == np.ndarray:
        r = 298.082 * img[:, :, 0] / 256. + 408.583 * img[:, :, 2] / 256. - 222.921
        g = 298.082 * img[:, :, 0] / 256. - 100.291 * img[:, :, 1] / 256. - 208.120 * img[:, :, 2] / 256. + 135.576
        b = 298.082 * img[:, :, 0] / 256. + 516.412 * img[:, :, 1] / 256. - 276.836
        return np.array([r, g, b]).transpose([1, 2, 0])
    elif type(img) == torch.Tensor:
        if len(img.shape) == 4:
            img = img.squeeze(0)
        r = 298.082 * img[0, :, :] / 256. + 408.583 * img[2, :, :] / 256. - 222.921
        g = 298.082 * img[0, :, :] / 256. - 100.291 * img[1, :, :] / 256. - 208.120 * img[2, :, :] / 256. + 135.576
        b = 298.082 * img[0, :, :] / 256. + 516.412 * img[1, :, :] / 256. - 276.836
        return torch.cat([r, g, b], 0).permute(1, 2, 0)
    else:
        raise Exception('Unknown Type', type(img))


def calc_psnr(img1, img2):
    return 10. * torch.log10(1. / torch.mean((img1 - img2) ** 2))


class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


# ---- models.py ----

class SRCNN(nn.Module):
    def __init__(self, num_channels=1):
        super(SRCNN, self).__init__()
        self.conv1 = nn.Conv2d(num_channels, 64, kernel_size=9, padding=9 // 2)
        self.conv2 = nn.Conv2d(64, 32, kernel_size=5, padding=5 // 2)
        self.conv3 = nn.Conv2d(32, num_channels, kernel_size=5, padding=5 // 2)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.conv3(x)
        return x


# ---- datasets.py ----

class TrainDataset(Dataset):
    def __init__(self, h5_file):
        super(TrainDataset, self).__init__()
        self.h5_file = h5_file

    def __getitem__(self, idx):
        with h5py.File(self.h5_file, 'r') as f:
            return np.expand_dims(f['lr'][idx] / 255., 0), np.expand_dims(f['hr'][idx] / 255., 0)

    def __len__(self):
        with h5py.File(self.h5_file, 'r') as f:
            return len(f['lr'])


class EvalDataset(Dataset):
    def __init__(self, h5_file):
        super(EvalDataset, self).__init__()
        self.h5_file = h5_file

    def __getitem__(self, idx):
        with h5py.File(self.h5_file, 'r') as f:
            return np.expand_dims(f['lr'][str(idx)][:, :] / 255., 0), np.expand_dims(f['hr'][str(idx)][:, :] / 255., 0)

    def __len__(self):
        with h5py.File(self.h5_file, 'r') as f:
            return len(f['lr'])


# ---- prepare.py ----

def load_lr_hr(image_path, scale):
    hr = pil_image.open(image_path).convert('RGB')
    hr_width = (hr.width // scale) * scale
    hr_height = (hr.height // scale) * scale
    hr = hr.resize((hr_width, hr_height), resample=pil_image.BICUBIC)
    lr = hr.resize((hr_width // scale, hr_height // scale), resample=pil_image.BICUBIC)
    lr = lr.resize((lr.width * scale, lr.height * scale), resample=pil_image.BICUBIC)
    hr = np.array(hr).astype(np.float32)
    lr = np.array(lr).astype(np.float32)
    return convert_rgb_to_y(hr), convert_rgb_to_y(lr)


def prepare_train(args):
    h5_file = h5py.File(args.output_path, 'w')

    lr_patches = []
    hr_patches = []

    for image_path in sorted(glob.glob('{}/*'.format(args.images_dir))):
        hr, lr = load_lr_hr(image_path, args.scale)

        for i in range(0, lr.shape[0] - args.patch_size + 1, args.stride):
            for j in range(0, lr.shape[1] - args.patch_size + 1, args.stride):
                lr_patches.append(lr[i:i + args.patch_size, j:j + args.patch_size])
                hr_patches.append(hr[i:i + args.patch_size, j:j + args.patch_size])

    lr_patches = np.array(lr_patches)
    hr_patches = np.array(hr_patches)

    h5_file.create_dataset('lr', data=lr_patches)
    h5_file.create_dataset('hr', data=hr_patches)

    h5_file.close()


def prepare_eval(args):
    h5_file = h5py.File(args.output_path, 'w')

    lr_group = h5_file.create_group('lr')
    hr_group = h5_file.create_group('hr')

    for i, image_path in enumerate(sorted(glob.glob('{}/*'.format(args.images_dir)))):
        hr, lr = load_lr_hr(image_path, args.scale)
        lr_group.create_dataset(str(i), data=lr)
        hr_group.create_dataset(str(i), data=hr)

    h5_file.close()


def prepare_main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--images-dir', type=str, required=True)
    parser.add_argument('--output-path', type=str, required=True)
    parser.add_argument('--patch-size', type=int, default=33)
    parser.add_argument('--stride', type=int, default=14)
    parser.add_argument('--scale', type=int, default=2)
    parser.add_argument('--eval', action='store_true')
    args = parser.parse_args(argv)

    if not args.eval:
        prepare_train(args)
    else:
        prepare_eval(args)


# ---- train.py ----

def train_main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--train-file', type=str, required=True)
    parser.add_argument('--eval-file', type=str, required=True)
    parser.add_argument('--outputs-dir', type=str, required=True)
    parser.add_argument('--scale', type=int, default=3)
    parser.add_argument('--lr', type=float, default=1e-4)
    parser.add_argument('--batch-size', type=int, default=16)
    parser.add_argument('--num-epochs', type=int, default=400)
    parser.add_argument('--num-workers', type=int, default=8)
    parser.add_argument('--seed', type=int, default=123)
    args = parser.parse_args(argv)

    args.outputs_dir = os.path.join(args.outputs_dir, 'x{}'.format(args.scale))

    if not os.path.exists(args.outputs_dir):
        os.makedirs(args.outputs_dir)

    cudnn.benchmark = True
    device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

    torch.manual_seed(args.seed)

    model = SRCNN().to(device)
    criterion = nn.MSELoss()
    optimizer = optim.Adam([
        {'params': model.conv1.parameters()},
        {'params': model.conv2.parameters()},
        {'params': model.conv3.parameters(), 'lr': args.lr * 0.1}
    ], lr=args.lr)

    train_dataset = TrainDataset(args.train_file)
    train_dataloader = DataLoader(dataset=train_dataset,
                                  batch_size=args.batch_size,
                                  shuffle=True,
                                  num_workers=args.num_workers,
                                  pin_memory=True,
                                  drop_last=True)
    eval_dataset = EvalDataset(args.eval_file)
    eval_dataloader = DataLoader(dataset=eval_dataset, batch_size=1)
    print('train patches:', len(train_dataset), 'eval images:', len(eval_dataset),
          'batches:', len(train_dataloader), 'lrs:', [g['lr'] for g in optimizer.param_groups])

    best_weights = copy.deepcopy(model.state_dict())
    best_epoch = 0
    best_psnr = 0.0

    for epoch in range(args.num_epochs):
        model.train()
        epoch_losses = AverageMeter()

        with tqdm(total=(len(train_dataset) - len(train_dataset) % args.batch_size)) as t:
            t.set_description('epoch: {}/{}'.format(epoch, args.num_epochs - 1))

            for data in train_dataloader:
                inputs, labels = data

                inputs = inputs.to(device)
                labels = labels.to(device)

                preds = model(inputs)

                loss = criterion(preds, labels)

                epoch_losses.update(loss.item(), len(inputs))

                optimizer.zero_grad()
                loss.backward()
                optimizer.step()

                t.set_postfix(loss='{:.6f}'.format(epoch_losses.avg))
                t.update(len(inputs))

        print('epoch {} loss: {:.4f}'.format(epoch, epoch_losses.avg))
        torch.save(model.state_dict(), os.path.join(args.outputs_dir, 'epoch_{}.pth'.format(epoch)))

        model.eval()
        epoch_psnr = AverageMeter()

        for data in eval_dataloader:
            inputs, labels = data

            inputs = inputs.to(device)
            labels = labels.to(device)

            with torch.no_grad():
                preds = model(inputs).clamp(0.0, 1.0)

            epoch_psnr.update(calc_psnr(preds, labels), len(inputs))

        print('eval psnr: {:.2f}'.format(epoch_psnr.avg))

        if epoch_psnr.avg > best_psnr:
            best_epoch = epoch
            best_psnr = epoch_psnr.avg
            best_weights = copy.deepcopy(model.state_dict())

    print('best epoch: {}, psnr: {:.2f}'.format(best_epoch, best_psnr))
    torch.save(best_weights, os.path.join(args.outputs_dir, 'best.pth'))


# ---- test.py ----

def test_main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--weights-file', type=str, required=True)
    parser.add_argument('--image-file', type=str, required=True)
    parser.add_argument('--scale', type=int, default=3)
    args = parser.parse_args(argv)

    cudnn.benchmark = True
    device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

    model = SRCNN().to(device)

    state_dict = model.state_dict()
    for n, p in torch.load(args.weights_file, map_location=lambda storage, loc: storage).items():
        if n in state_dict.keys():
            state_dict[n].copy_(p)
        else:
            raise KeyError(n)

    model.eval()

    image = pil_image.open(args.image_file).convert('RGB')

    image_width = (image.width // args.scale) * args.scale
    image_height = (image.height // args.scale) * args.scale
    image = image.resize((image_width, image_height), resample=pil_image.BICUBIC)
    image = image.resize((image.width // args.scale, image.height // args.scale), resample=pil_image.BICUBIC)
    image = image.resize((image.width * args.scale, image.height * args.scale), resample=pil_image.BICUBIC)
    image.save(args.image_file.replace('.', '_bicubic_x{}.'.format(args.scale)))

    image = np.array(image).astype(np.float32)
    ycbcr = convert_rgb_to_ycbcr(image)

    y = ycbcr[..., 0]
    y /= 255.
    y = torch.from_numpy(y).to(device)
    y = y.unsqueeze(0).unsqueeze(0)

    with torch.no_grad():
        preds = model(y).clamp(0.0, 1.0)

    psnr = calc_psnr(y, preds)
    print('PSNR: {:.2f}'.format(psnr))

    preds = preds.mul(255.0).cpu().numpy().squeeze(0).squeeze(0)

    output = np.array([preds, ycbcr[..., 1], ycbcr[..., 2]]).transpose([1, 2, 0])
    output = np.clip(convert_ycbcr_to_rgb(output), 0.0, 255.0).astype(np.uint8)
    output = pil_image.fromarray(output)
    output.save(args.image_file.replace('.', '_srcnn_x{}.'.format(args.scale)))
    return ycbcr, output


def make_images(folder, n, size, rng):
    os.makedirs(folder)
    for k in range(n):
        yy, xx = np.mgrid[0:size[0], 0:size[1]]
        base = np.stack([xx * (3 + k), yy * (2 + k), (xx + yy) * 2], axis=-1) % 256
        img = np.clip(base + rng.normal(0, 12, base.shape), 0, 255).astype(np.uint8)
        pil_image.fromarray(img).save(os.path.join(folder, 'img_{}.png'.format(k)))


if __name__ == '__main__':
    rng = np.random.RandomState(5)
    with tempfile.TemporaryDirectory() as root:
        make_images(os.path.join(root, 'train'), 2, (40, 46), rng)
        make_images(os.path.join(root, 'eval'), 2, (31, 34), rng)
        prepare_main(['--images-dir', os.path.join(root, 'train'), '--output-path', os.path.join(root, 'train.h5'),
                      '--patch-size', '15', '--stride', '9', '--scale', '3'])
        prepare_main(['--images-dir', os.path.join(root, 'eval'), '--output-path', os.path.join(root, 'eval.h5'),
                      '--scale', '3', '--eval'])
        with h5py.File(os.path.join(root, 'train.h5'), 'r') as f:
            print('lr patches:', f['lr'].shape, f['lr'].dtype, 'hr mean: {:.3f}'.format(float(f['hr'].mean())))
        with h5py.File(os.path.join(root, 'eval.h5'), 'r') as f:
            print('eval lr 0:', f['lr']['0'].shape, 'y range: {:.2f} {:.2f}'.format(
                float(f['hr']['0'].min()), float(f['hr']['0'].max())))
        train_main(['--train-file', os.path.join(root, 'train.h5'), '--eval-file', os.path.join(root, 'eval.h5'),
                    '--outputs-dir', os.path.join(root, 'outputs'), '--scale', '3', '--lr', '1e-3',
                    '--batch-size', '4', '--num-epochs', '2', '--num-workers', '2'])
        print('checkpoints:', sorted(os.listdir(os.path.join(root, 'outputs', 'x3'))))
        ycbcr, output = test_main(['--weights-file', os.path.join(root, 'outputs', 'x3', 'best.pth'),
                                   '--image-file', os.path.join(root, 'eval', 'img_0.png'), '--scale', '3'])
        print('ycbcr:', ycbcr.shape, ycbcr.dtype, 'output:', output.size, output.mode)
        print('written:', sorted(os.listdir(os.path.join(root, 'eval'))))
