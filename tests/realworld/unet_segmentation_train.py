# Real-program corpus (tests/realworld, see README.md): U-Net semantic segmentation trained the way
# milesial/Pytorch-UNet's train.py, evaluate.py, unet/unet_parts.py, unet/unet_model.py,
# utils/data_loading.py and utils/dice_score.py @ 21d7850f do it: DoubleConv/Down/Up/OutConv parts
# (ConvTranspose2d or bilinear Upsample, F.pad to the skip's size), a dataset of .npy image/mask files
# found through pathlib globs with the mask values gathered by np.unique, random_split with a seeded
# Generator, RMSprop(foreach=True) + ReduceLROnPlateau('max') on the validation Dice score, a disabled
# GradScaler and autocast, channels_last inputs, cross-entropy + multiclass Dice loss, gradient clipping,
# an @torch.inference_mode() evaluation, the `except torch.cuda.OutOfMemoryError` guard, a checkpoint
# carrying mask_values, and predict.py's bilinear upsampling of the logits. Written for Kiln, not
# copied; the Carvana images are replaced by small random .npy files (uint8 images, 0/255 masks).
import logging
import os
import tempfile
from os import listdir
from os.path import isfile, join, splitext
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor, optim
from torch.utils.data import DataLoader, Dataset, random_split


class DoubleConv(nn.Module):
    """(convolution => [BN] => ReLU) * 2"""

    def __init__(self, in_channels, out_channels, mid_channels=None):
        super().__init__()
        if not mid_channels:
            mid_channels = out_channels
        self.double_conv = nn.Sequential(
            nn.Conv2d(in_channels, mid_channels, kernel_size=3, padding=1, bias=False),
            nn.BatchNorm2d(mid_channels),
            nn.ReLU(inplace=True),
            nn.Conv2d(mid_channels, out_channels, kernel_size=3, padding=1, bias=False),
            nn.BatchNorm2d(out_channels),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.double_conv(x)


class Down(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.maxpool_conv = nn.Sequential(nn.MaxPool2d(2), DoubleConv(in_channels, out_channels))

    def forward(self, x):
        return self.maxpool_conv(x)


class Up(nn.Module):
    def __init__(self, in_channels, out_channels, bilinear=True):
        super().__init__()
        if bilinear:
            self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
            self.conv = DoubleConv(in_channels, out_channels, in_channels // 2)
        else:
            self.up = nn.ConvTranspose2d(in_channels, in_channels // 2, kernel_size=2, stride=2)
            self.conv = DoubleConv(in_channels, out_channels)

    def forward(self, x1, x2):
        x1 = self.up(x1)
        diffY = x2.size()[2] - x1.size()[2]
        diffX = x2.size()[3] - x1.size()[3]
        x1 = F.pad(x1, [diffX // 2, diffX - diffX // 2, diffY // 2, diffY - diffY // 2])
        x = torch.cat([x2, x1], dim=1)
        return self.conv(x)


class OutConv(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(OutConv, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size=1)

    def forward(self, x):
        return self.conv(x)


class UNet(nn.Module):
    # width: the first level's channels (the origin fixes 64; 4 keeps the program small)
    def __init__(self, n_channels, n_classes, bilinear=False, width=4):
        super(UNet, self).__init__()
        self.n_channels = n_channels
        self.n_classes = n_classes
        self.bilinear = bilinear
        w = width
        self.inc = DoubleConv(n_channels, w)
        self.down1 = Down(w, w * 2)
        self.down2 = Down(w * 2, w * 4)
        self.down3 = Down(w * 4, w * 8)
        factor = 2 if bilinear else 1
        self.down4 = Down(w * 8, w * 16 // factor)
        self.up1 = Up(w * 16, w * 8 // factor, bilinear)
        self.up2 = Up(w * 8, w * 4 // factor, bilinear)
        self.up3 = Up(w * 4, w * 2 // factor, bilinear)
        self.up4 = Up(w * 2, w, bilinear)
        self.outc = OutConv(w, n_classes)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        x4 = self.down3(x3)
        x5 = self.down4(x4)
        x = self.up1(x5, x4)
        x = self.up2(x, x3)
        x = self.up3(x, x2)
        x = self.up4(x, x1)
        return self.outc(x)


def dice_coeff(input: Tensor, target: Tensor, reduce_batch_first: bool = False, epsilon: float = 1e-6):
    assert input.size() == target.size()
    assert input.dim() == 3 or not reduce_batch_first
    sum_dim = (-1, -2) if input.dim() == 2 or not reduce_batch_first else (-1, -2, -3)
    inter = 2 * (input * target).sum(dim=sum_dim)
    sets_sum = input.sum(dim=sum_dim) + target.sum(dim=sum_dim)
    sets_sum = torch.where(sets_sum == 0, inter, sets_sum)
    dice = (inter + epsilon) / (sets_sum + epsilon)
    return dice.mean()


def multiclass_dice_coeff(input: Tensor, target: Tensor, reduce_batch_first: bool = False, epsilon: float = 1e-6):
    return dice_coeff(input.flatten(0, 1), target.flatten(0, 1), reduce_batch_first, epsilon)


def dice_loss(input: Tensor, target: Tensor, multiclass: bool = False):
    fn = multiclass_dice_coeff if multiclass else dice_coeff
    return 1 - fn(input, target, reduce_batch_first=True)


def load_image(filename):
    ext = splitext(filename)[1]
    if ext == ".npy":
        return np.load(filename)
    raise ValueError(f"unsupported file {filename}")


def unique_mask_values(idx, mask_dir, mask_suffix):
    mask_file = list(mask_dir.glob(idx + mask_suffix + ".*"))[0]
    mask = np.asarray(load_image(mask_file))
    if mask.ndim == 2:
        return np.unique(mask)
    elif mask.ndim == 3:
        mask = mask.reshape(-1, mask.shape[-1])
        return np.unique(mask, axis=0)
    raise ValueError(f"Loaded masks should have 2 or 3 dimensions, found {mask.ndim}")


class BasicDataset(Dataset):
    def __init__(self, images_dir, mask_dir, scale: float = 1.0, mask_suffix: str = ""):
        self.images_dir = Path(images_dir)
        self.mask_dir = Path(mask_dir)
        assert 0 < scale <= 1, "Scale must be between 0 and 1"
        self.scale = scale
        self.mask_suffix = mask_suffix
        self.ids = sorted(splitext(file)[0] for file in listdir(images_dir)
                          if isfile(join(images_dir, file)) and not file.startswith("."))
        if not self.ids:
            raise RuntimeError(f"No input file found in {images_dir}, make sure you put your images there")
        logging.info(f"Creating dataset with {len(self.ids)} examples")
        unique = [unique_mask_values(i, self.mask_dir, self.mask_suffix) for i in self.ids]
        self.mask_values = list(sorted(np.unique(np.concatenate(unique), axis=0).tolist()))
        logging.info(f"Unique mask values: {self.mask_values}")

    def __len__(self):
        return len(self.ids)

    @staticmethod
    def preprocess(mask_values, img, scale, is_mask):
        h, w = img.shape[:2]
        newW, newH = int(scale * w), int(scale * h)
        assert newW > 0 and newH > 0, "Scale is too small, resized images would have no pixel"
        if is_mask:
            mask = np.zeros((newH, newW), dtype=np.int64)
            for i, v in enumerate(mask_values):
                if img.ndim == 2:
                    mask[img == v] = i
                else:
                    mask[(img == v).all(-1)] = i
            return mask
        if img.ndim == 2:
            img = img[np.newaxis, ...]
        else:
            img = img.transpose((2, 0, 1))
        if (img > 1).any():
            img = img / 255.0
        return img

    def __getitem__(self, idx):
        name = self.ids[idx]
        mask_file = list(self.mask_dir.glob(name + self.mask_suffix + ".*"))
        img_file = list(self.images_dir.glob(name + ".*"))
        assert len(img_file) == 1, f"Either no image or multiple images found for the ID {name}: {img_file}"
        assert len(mask_file) == 1, f"Either no mask or multiple masks found for the ID {name}: {mask_file}"
        mask = load_image(mask_file[0])
        img = load_image(img_file[0])
        assert img.shape[:2] == mask.shape[:2], f"Image and mask {name} should be the same size"
        img = self.preprocess(self.mask_values, img, self.scale, is_mask=False)
        mask = self.preprocess(self.mask_values, mask, self.scale, is_mask=True)
        return {
            "image": torch.as_tensor(img.copy()).float().contiguous(),
            "mask": torch.as_tensor(mask.copy()).long().contiguous(),
        }


class CarvanaDataset(BasicDataset):
    def __init__(self, images_dir, mask_dir, scale=1):
        super().__init__(images_dir, mask_dir, scale, mask_suffix="_mask")


@torch.inference_mode()
def evaluate(net, dataloader, device, amp):
    net.eval()
    num_val_batches = len(dataloader)
    dice_score = 0
    with torch.autocast(device.type if device.type != "mps" else "cpu", enabled=amp):
        for batch in dataloader:
            image, mask_true = batch["image"], batch["mask"]
            image = image.to(device=device, dtype=torch.float32, memory_format=torch.channels_last)
            mask_true = mask_true.to(device=device, dtype=torch.long)
            mask_pred = net(image)
            assert mask_true.min() >= 0 and mask_true.max() < net.n_classes
            mask_true = F.one_hot(mask_true, net.n_classes).permute(0, 3, 1, 2).float()
            mask_pred = F.one_hot(mask_pred.argmax(dim=1), net.n_classes).permute(0, 3, 1, 2).float()
            dice_score += multiclass_dice_coeff(mask_pred[:, 1:], mask_true[:, 1:], reduce_batch_first=False)
    net.train()
    return dice_score / max(num_val_batches, 1)


def make_data(root, n=10, size=24):
    dir_img, dir_mask = Path(root) / "imgs", Path(root) / "masks"
    dir_img.mkdir(parents=True)
    dir_mask.mkdir(parents=True)
    rs = np.random.RandomState(0)
    for i in range(n):
        img = (rs.rand(size, size, 3) * 255).astype(np.uint8)
        yy, xx = np.meshgrid(np.arange(size), np.arange(size), indexing="ij")
        cy, cx = rs.randint(6, size - 6, size=2)
        mask = (((yy - cy) ** 2 + (xx - cx) ** 2) < 25).astype(np.uint8) * 255
        img[mask > 0] = np.clip(img[mask > 0].astype(np.int64) + 80, 0, 255).astype(np.uint8)
        np.save(dir_img / f"car{i:02d}.npy", img)
        np.save(dir_mask / f"car{i:02d}_mask.npy", mask)
    return dir_img, dir_mask


def train_model(model, device, dir_img, dir_mask, dir_checkpoint, epochs=2, batch_size=2, learning_rate=1e-3,
                val_percent=0.2, save_checkpoint=True, img_scale=1.0, amp=False, weight_decay=1e-8, momentum=0.999,
                gradient_clipping=1.0):
    try:
        dataset = CarvanaDataset(dir_img, dir_mask, img_scale)
    except (AssertionError, RuntimeError, IndexError):
        dataset = BasicDataset(dir_img, dir_mask, img_scale)
    print("mask values:", dataset.mask_values, "examples:", len(dataset))
    n_val = int(len(dataset) * val_percent)
    n_train = len(dataset) - n_val
    train_set, val_set = random_split(dataset, [n_train, n_val], generator=torch.Generator().manual_seed(0))
    print("train ids:", [dataset.ids[i] for i in train_set.indices])
    loader_args = dict(batch_size=batch_size, num_workers=0, pin_memory=False)
    train_loader = DataLoader(train_set, shuffle=True, **loader_args)
    val_loader = DataLoader(val_set, shuffle=False, drop_last=True, **loader_args)

    optimizer = optim.RMSprop(model.parameters(), lr=learning_rate, weight_decay=weight_decay, momentum=momentum,
                              foreach=True)
    scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, "max", patience=5)
    grad_scaler = torch.amp.GradScaler("cuda", enabled=amp)
    criterion = nn.CrossEntropyLoss() if model.n_classes > 1 else nn.BCEWithLogitsLoss()
    global_step = 0
    for epoch in range(1, epochs + 1):
        model.train()
        epoch_loss = 0
        for batch in train_loader:
            images, true_masks = batch["image"], batch["mask"]
            assert images.shape[1] == model.n_channels
            images = images.to(device=device, dtype=torch.float32, memory_format=torch.channels_last)
            true_masks = true_masks.to(device=device, dtype=torch.long)
            with torch.autocast(device.type if device.type != "mps" else "cpu", enabled=amp):
                masks_pred = model(images)
                loss = criterion(masks_pred, true_masks)
                loss += dice_loss(F.softmax(masks_pred, dim=1).float(),
                                  F.one_hot(true_masks, model.n_classes).permute(0, 3, 1, 2).float(), multiclass=True)
            optimizer.zero_grad(set_to_none=True)
            grad_scaler.scale(loss).backward()
            grad_scaler.unscale_(optimizer)
            total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), gradient_clipping)
            grad_scaler.step(optimizer)
            grad_scaler.update()
            global_step += 1
            epoch_loss += loss.item()
            print(f"epoch {epoch} step {global_step} loss {loss.item():.4f} grad norm {total_norm.item():.4f}")
            division_step = n_train // (2 * batch_size)
            if division_step > 0 and global_step % division_step == 0:
                histograms = {}
                for tag, value in model.named_parameters():
                    tag = tag.replace("/", ".")
                    if not (torch.isinf(value) | torch.isnan(value)).any():
                        histograms["Weights/" + tag] = value.data.cpu().numel()
                val_score = evaluate(model, val_loader, device, amp)
                scheduler.step(val_score)
                print(f"  validation Dice {float(val_score):.4f} lr {optimizer.param_groups[0]['lr']} "
                      f"({len(histograms)} weight histograms)")
        print(f"epoch {epoch} mean loss {epoch_loss / len(train_loader):.4f}")
        if save_checkpoint:
            Path(dir_checkpoint).mkdir(parents=True, exist_ok=True)
            state_dict = model.state_dict()
            state_dict["mask_values"] = dataset.mask_values
            torch.save(state_dict, str(dir_checkpoint / "checkpoint_epoch{}.pth".format(epoch)))
    return dataset


def predict_img(net, full_img, device, scale_factor=1, out_threshold=0.5):
    net.eval()
    img = torch.from_numpy(BasicDataset.preprocess(None, full_img, scale_factor, is_mask=False))
    img = img.unsqueeze(0).to(device=device, dtype=torch.float32)
    with torch.no_grad():
        output = net(img).cpu()
        output = F.interpolate(output, (full_img.shape[0], full_img.shape[1]), mode="bilinear")
        mask = output.argmax(dim=1) if net.n_classes > 1 else torch.sigmoid(output) > out_threshold
    return mask[0].long().squeeze().numpy()


if __name__ == "__main__":
    torch.manual_seed(0)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    device = torch.device("cpu")
    model = UNet(n_channels=3, n_classes=2, bilinear=False)
    model = model.to(memory_format=torch.channels_last)
    print(f"Network: {model.n_channels} input channels, {model.n_classes} output channels (classes), "
          f"{'Bilinear' if model.bilinear else 'Transposed conv'} upscaling, "
          f"{sum(p.numel() for p in model.parameters())} parameters")
    with tempfile.TemporaryDirectory() as root:
        dir_img, dir_mask = make_data(root)
        dir_checkpoint = Path(root) / "checkpoints"
        try:
            dataset = train_model(model=model, device=device, dir_img=dir_img, dir_mask=dir_mask,
                                  dir_checkpoint=dir_checkpoint)
        except torch.cuda.OutOfMemoryError:
            print("Detected OutOfMemoryError!")
            raise
        print(sorted(os.listdir(dir_checkpoint)))
        state_dict = torch.load(dir_checkpoint / "checkpoint_epoch2.pth", map_location=device)
        mask_values = state_dict.pop("mask_values", [0, 1])
        net = UNet(n_channels=3, n_classes=2, bilinear=False)
        print(net.load_state_dict(state_dict), mask_values)
        img = np.load(dir_img / "car00.npy")
        mask = predict_img(net, img, device)
        print(mask.shape, mask.dtype, sorted(np.unique(mask).tolist()) in ([0], [1], [0, 1]))
        out = np.zeros((mask.shape[-2], mask.shape[-1]), dtype=np.uint8)
        for i, v in enumerate(mask_values):
            out[mask == i] = v
        np.save(Path(root) / "car00_OUT.npy", out)
        print(np.load(Path(root) / "car00_OUT.npy").dtype)
    bil = UNet(n_channels=3, n_classes=1, bilinear=True).eval()
    x = torch.randn(1, 3, 20, 28)  # 20 -> 10 -> 5 -> 2 -> 1: F.pad restores the odd sizes on the way up
    y = bil(x)
    print(tuple(y.shape), type(bil.up1.up).__name__, bil.up1.up.align_corners)
    try:
        try:
            bil(torch.randn(1, 4, 16, 16))
        except torch.cuda.OutOfMemoryError:
            print("unreachable")
    except RuntimeError as e:
        print("RuntimeError:", str(e).split(",")[0])
