# Real-program corpus (tests/realworld, see README.md): VICReg self-supervised pre-training, the workflow
# of facebookresearch/vicreg @ 4e12602fd495af83efd1631fbe82523e6db092e0 (main_vicreg.py, augmentations.py,
# distributed.py, resnet.py). Written for Kiln, not copied: an argparse parent parser with Path-typed
# options (add_help=False, parents=[...]), init_distributed_mode from RANK/WORLD_SIZE/LOCAL_RANK
# environment variables and setup_for_distributed replacing builtins.print with a `force=` aware
# wrapper, an ImageFolder of PNG files (written here with PIL) through a two-view TrainTransform
# (RandomResizedCrop with InterpolationMode.BICUBIC, ColorJitter, RandomGrayscale, a GaussianBlur class
# drawing sigma from np.random and calling img.filter(ImageFilter.GaussianBlur(sigma)), Solarization
# through ImageOps.solarize), a DistributedSampler with set_epoch, the resnet.py ResNet that returns
# (model, embedding) with a ConstantPad2d stem and zero_init_residual, the MLP projector built from a
# "a-b-c" spec, the variance / invariance / covariance loss with off_diagonal's flatten-view trick and an
# all_gather autograd.Function (FullGatherLayer), SyncBatchNorm.convert_sync_batchnorm and
# DistributedDataParallel, the LARS optimizer with weight-decay / adaptation filters (nested
# torch.where trust ratio), warmup + cosine adjust_learning_rate, disabled autocast / GradScaler,
# json stats lines into exp_dir/stats.txt, checkpoints with resume.
# Changes from the origin: gloo on the CPU instead of NCCL (torch.cuda.set_device dropped), world size 1,
# a small BasicBlock ResNet ("resnet10", the origin's smallest is resnet34), 32-pixel crops, 24 generated
# images, 2 epochs, an "a-b-c" spec of 32-32-32, stats printed every step instead of every 60 seconds
# (without the time field), BatchNorm kept as BatchNorm where SyncBatchNorm would need a GPU.
import argparse
import json
import math
import os
import sys
import tempfile
from pathlib import Path

import numpy as np
import torch
import torch.distributed as dist
import torch.nn.functional as F
import torchvision.datasets as datasets
import torchvision.transforms as transforms
from PIL import Image, ImageFilter, ImageOps
from torch import nn, optim
from torchvision.transforms import InterpolationMode


# ---- augmentations.py -------------------------------------------------------------------------------
class GaussianBlur(object):
    def __init__(self, p):
        self.p = p

    def __call__(self, img):
        if np.random.rand() < self.p:
            sigma = np.random.rand() * 1.9 + 0.1
            return img.filter(ImageFilter.GaussianBlur(sigma))
        return img


class Solarization(object):
    def __init__(self, p):
        self.p = p

    def __call__(self, img):
        if np.random.rand() < self.p:
            return ImageOps.solarize(img)
        return img


def _view(blur_p, solarize_p):
    return transforms.Compose([
        transforms.RandomResizedCrop(32, interpolation=InterpolationMode.BICUBIC),
        transforms.RandomHorizontalFlip(p=0.5),
        transforms.RandomApply([transforms.ColorJitter(brightness=0.4, contrast=0.4, saturation=0.2, hue=0.1)], p=0.8),
        transforms.RandomGrayscale(p=0.2),
        GaussianBlur(p=blur_p),
        Solarization(p=solarize_p),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
    ])


class TrainTransform(object):
    # two asymmetric views: always blurred / never solarized, and rarely blurred / sometimes solarized
    def __init__(self):
        self.transform = _view(1.0, 0.0)
        self.transform_prime = _view(0.1, 0.2)

    def __call__(self, sample):
        return self.transform(sample), self.transform_prime(sample)


# ---- distributed.py ---------------------------------------------------------------------------------
def setup_for_distributed(is_master):
    import builtins as __builtin__
    builtin_print = __builtin__.print

    def print(*args, **kwargs):
        force = kwargs.pop('force', False)
        if is_master or force:
            builtin_print(*args, **kwargs)

    __builtin__.print = print


def init_distributed_mode(args):
    if 'RANK' in os.environ and 'WORLD_SIZE' in os.environ:
        args.rank = int(os.environ["RANK"])
        args.world_size = int(os.environ['WORLD_SIZE'])
        args.gpu = int(os.environ['LOCAL_RANK'])
    else:
        print('Not using distributed mode')
        return
    args.dist_backend = 'gloo'
    print('| distributed init (rank {}): {}, gpu {}'.format(args.rank, args.dist_url, args.gpu), flush=True)
    dist.init_process_group(backend=args.dist_backend, init_method=args.dist_url,
                            world_size=args.world_size, rank=args.rank)
    dist.barrier()
    setup_for_distributed(args.rank == 0)


# ---- resnet.py (BasicBlock part) --------------------------------------------------------------------
def conv3x3(in_planes, out_planes, stride=1, groups=1, dilation=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=dilation,
                     groups=groups, bias=False, dilation=dilation)


def conv1x1(in_planes, out_planes, stride=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=1, stride=stride, bias=False)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64, dilation=1,
                 norm_layer=None, last_activation="relu"):
        super(BasicBlock, self).__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride
        if last_activation == "relu":
            self.last_activation = nn.ReLU(inplace=True)
        elif last_activation == "none":
            self.last_activation = nn.Identity()
        elif last_activation == "sigmoid":
            self.last_activation = nn.Sigmoid()

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.last_activation(out)


class ResNet(nn.Module):
    def __init__(self, block, layers, num_channels=3, zero_init_residual=False, groups=1, widen=1,
                 width_per_group=64, norm_layer=None, last_activation="relu"):
        super(ResNet, self).__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self._norm_layer = norm_layer
        self.padding = nn.ConstantPad2d(1, 0.0)
        self.inplanes = width_per_group * widen
        self.dilation = 1
        self.groups = groups
        self.base_width = width_per_group
        num_out_filters = width_per_group * widen
        # padding 2 instead of 3: the ConstantPad2d above adds one
        self.conv1 = nn.Conv2d(num_channels, num_out_filters, kernel_size=7, stride=2, padding=2, bias=False)
        self.bn1 = norm_layer(num_out_filters)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, num_out_filters, layers[0])
        num_out_filters *= 2
        self.layer2 = self._make_layer(block, num_out_filters, layers[1], stride=2)
        num_out_filters *= 2
        self.layer3 = self._make_layer(block, num_out_filters, layers[2], stride=2)
        num_out_filters *= 2
        self.layer4 = self._make_layer(block, num_out_filters, layers[3], stride=2, last_activation=last_activation)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
                nn.init.constant_(m.weight, 1)
                nn.init.constant_(m.bias, 0)
        if zero_init_residual:
            for m in self.modules():
                if isinstance(m, BasicBlock):
                    nn.init.constant_(m.bn2.weight, 0)

    def _make_layer(self, block, planes, blocks, stride=1, last_activation="relu"):
        norm_layer = self._norm_layer
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(conv1x1(self.inplanes, planes * block.expansion, stride),
                                       norm_layer(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample, self.groups, self.base_width, self.dilation,
                        norm_layer, last_activation=(last_activation if blocks == 1 else "relu"))]
        self.inplanes = planes * block.expansion
        for i in range(1, blocks):
            layers.append(block(self.inplanes, planes, groups=self.groups, base_width=self.base_width,
                                dilation=self.dilation, norm_layer=norm_layer,
                                last_activation=(last_activation if i == blocks - 1 else "relu")))
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.padding(x)
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return torch.flatten(self.avgpool(x), 1)


def resnet10(**kwargs):
    return ResNet(BasicBlock, [1, 1, 1, 1], width_per_group=8, **kwargs), 64


def resnet34(**kwargs):
    return ResNet(BasicBlock, [3, 4, 6, 3], **kwargs), 512


arch_table = {"resnet10": resnet10, "resnet34": resnet34}


# ---- main_vicreg.py ---------------------------------------------------------------------------------
def get_arguments():
    parser = argparse.ArgumentParser(description="Pretrain a resnet model with VICReg", add_help=False)
    parser.add_argument("--data-dir", type=Path, default="/path/to/imagenet", required=True,
                        help='Path to the image net dataset')
    parser.add_argument("--exp-dir", type=Path, default="./exp",
                        help='Path to the experiment folder, where all logs/checkpoints will be stored')
    parser.add_argument("--log-freq-time", type=int, default=60,
                        help='Print logs to the stats.txt file every [log-freq-time] seconds')
    parser.add_argument("--arch", type=str, default="resnet50", help='Architecture of the backbone encoder network')
    parser.add_argument("--mlp", default="8192-8192-8192", help='Size and number of layers of the MLP expander head')
    parser.add_argument("--epochs", type=int, default=100, help='Number of epochs')
    parser.add_argument("--batch-size", type=int, default=2048,
                        help='Effective batch size (per worker batch size is [batch-size] / world-size)')
    parser.add_argument("--base-lr", type=float, default=0.2,
                        help='Base learning rate, effective learning after warmup is [base-lr] * [batch-size] / 256')
    parser.add_argument("--wd", type=float, default=1e-6, help='Weight decay')
    parser.add_argument("--sim-coeff", type=float, default=25.0, help='Invariance regularization loss coefficient')
    parser.add_argument("--std-coeff", type=float, default=25.0, help='Variance regularization loss coefficient')
    parser.add_argument("--cov-coeff", type=float, default=1.0, help='Covariance regularization loss coefficient')
    parser.add_argument("--num-workers", type=int, default=10)
    parser.add_argument('--device', default='cuda', help='device to use for training / testing')
    parser.add_argument('--world-size', default=1, type=int, help='number of distributed processes')
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist-url', default='env://', help='url used to set up distributed training')
    return parser


def exclude_bias_and_norm(p):
    return p.ndim == 1


def off_diagonal(x):
    # the n*n - n off-diagonal entries: drop the last element, view as (n-1, n+1), drop column 0
    n, m = x.shape
    assert n == m
    return x.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


class FullGatherLayer(torch.autograd.Function):
    """Gather tensors from all process and support backward propagation for the gradients across processes."""

    @staticmethod
    def forward(ctx, x):
        output = [torch.zeros_like(x) for _ in range(dist.get_world_size())]
        dist.all_gather(output, x)
        return tuple(output)

    @staticmethod
    def backward(ctx, *grads):
        all_gradients = torch.stack(grads)
        dist.all_reduce(all_gradients)
        return all_gradients[dist.get_rank()]


def Projector(args, embedding):
    mlp_spec = f"{embedding}-{args.mlp}"
    layers = []
    f = list(map(int, mlp_spec.split("-")))
    for i in range(len(f) - 2):
        layers.append(nn.Linear(f[i], f[i + 1]))
        layers.append(nn.BatchNorm1d(f[i + 1]))
        layers.append(nn.ReLU(True))
    layers.append(nn.Linear(f[-2], f[-1], bias=False))
    return nn.Sequential(*layers)


class VICReg(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.args = args
        self.num_features = int(args.mlp.split("-")[-1])
        self.backbone, self.embedding = arch_table[args.arch](zero_init_residual=True)
        self.projector = Projector(args, self.embedding)

    def forward(self, x, y):
        x = self.projector(self.backbone(x))
        y = self.projector(self.backbone(y))
        repr_loss = F.mse_loss(x, y)
        x = torch.cat(FullGatherLayer.apply(x), dim=0)
        y = torch.cat(FullGatherLayer.apply(y), dim=0)
        x = x - x.mean(dim=0)
        y = y - y.mean(dim=0)
        std_x = torch.sqrt(x.var(dim=0) + 0.0001)
        std_y = torch.sqrt(y.var(dim=0) + 0.0001)
        std_loss = torch.mean(F.relu(1 - std_x)) / 2 + torch.mean(F.relu(1 - std_y)) / 2
        cov_x = (x.T @ x) / (self.args.batch_size - 1)
        cov_y = (y.T @ y) / (self.args.batch_size - 1)
        cov_loss = off_diagonal(cov_x).pow_(2).sum().div(self.num_features) + \
            off_diagonal(cov_y).pow_(2).sum().div(self.num_features)
        return self.args.sim_coeff * repr_loss + self.args.std_coeff * std_loss + self.args.cov_coeff * cov_loss


class LARS(optim.Optimizer):
    def __init__(self, params, lr, weight_decay=0, momentum=0.9, eta=0.001, weight_decay_filter=None,
                 lars_adaptation_filter=None):
        defaults = dict(lr=lr, weight_decay=weight_decay, momentum=momentum, eta=eta,
                        weight_decay_filter=weight_decay_filter, lars_adaptation_filter=lars_adaptation_filter)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self):
        for g in self.param_groups:
            for p in g["params"]:
                dp = p.grad
                if dp is None:
                    continue
                if g["weight_decay_filter"] is None or not g["weight_decay_filter"](p):
                    dp = dp.add(p, alpha=g["weight_decay"])
                if g["lars_adaptation_filter"] is None or not g["lars_adaptation_filter"](p):
                    param_norm = torch.norm(p)
                    update_norm = torch.norm(dp)
                    one = torch.ones_like(param_norm)
                    q = torch.where(param_norm > 0.0,
                                    torch.where(update_norm > 0, (g["eta"] * param_norm / update_norm), one), one)
                    dp = dp.mul(q)
                param_state = self.state[p]
                if "mu" not in param_state:
                    param_state["mu"] = torch.zeros_like(p)
                mu = param_state["mu"]
                mu.mul_(g["momentum"]).add_(dp)
                p.add_(mu, alpha=-g["lr"])


def adjust_learning_rate(args, optimizer, loader, step):
    max_steps = args.epochs * len(loader)
    warmup_steps = 1 * len(loader)  # the origin warms up for 10 epochs
    base_lr = args.base_lr * args.batch_size / 256
    if step < warmup_steps:
        lr = base_lr * step / warmup_steps
    else:
        step -= warmup_steps
        max_steps -= warmup_steps
        q = 0.5 * (1 + math.cos(math.pi * step / max_steps))
        end_lr = base_lr * 0.001
        lr = base_lr * q + end_lr * (1 - q)
    for param_group in optimizer.param_groups:
        param_group["lr"] = lr
    return lr


def main(args):
    init_distributed_mode(args)
    print(sorted(vars(args)))
    gpu = torch.device(args.device)
    if args.rank == 0:
        args.exp_dir.mkdir(parents=True, exist_ok=True)
        stats_file = open(args.exp_dir / "stats.txt", "a", buffering=1)
    transforms_ = TrainTransform()
    dataset = datasets.ImageFolder(args.data_dir / "train", transforms_)
    print(dataset.classes, len(dataset), dataset.class_to_idx)
    sampler = torch.utils.data.distributed.DistributedSampler(dataset, shuffle=True)
    assert args.batch_size % args.world_size == 0
    per_device_batch_size = args.batch_size // args.world_size
    loader = torch.utils.data.DataLoader(dataset, batch_size=per_device_batch_size, num_workers=args.num_workers,
                                         pin_memory=False, sampler=sampler)
    model = VICReg(args).to(gpu)
    model = torch.nn.parallel.DistributedDataParallel(model)
    optimizer = LARS(model.parameters(), lr=0, weight_decay=args.wd, weight_decay_filter=exclude_bias_and_norm,
                     lars_adaptation_filter=exclude_bias_and_norm)
    if (args.exp_dir / "model.pth").is_file():
        if args.rank == 0:
            print("resuming from checkpoint")
        ckpt = torch.load(args.exp_dir / "model.pth", map_location="cpu")
        start_epoch = ckpt["epoch"]
        model.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
    else:
        start_epoch = 0
    scaler = torch.amp.GradScaler("cpu", enabled=False)
    for epoch in range(start_epoch, args.epochs):
        sampler.set_epoch(epoch)
        for step, ((x, y), _) in enumerate(loader, start=epoch * len(loader)):
            x = x.to(gpu, non_blocking=True)
            y = y.to(gpu, non_blocking=True)
            lr = adjust_learning_rate(args, optimizer, loader, step)
            optimizer.zero_grad()
            with torch.autocast("cpu", enabled=False):
                loss = model.forward(x, y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            if args.rank == 0:
                stats = dict(epoch=epoch, step=step, loss=round(loss.item(), 4), lr=round(lr, 6))
                print(json.dumps(stats))
                print(json.dumps(stats), file=stats_file)
        if args.rank == 0:
            state = dict(epoch=epoch + 1, model=model.state_dict(), optimizer=optimizer.state_dict())
            torch.save(state, args.exp_dir / "model.pth")
    if args.rank == 0:
        torch.save(model.module.backbone.state_dict(), args.exp_dir / "resnet50.pth")
        stats_file.close()


def make_image_folder(root):
    rs = np.random.RandomState(0)
    for cls in ("n01", "n02", "n03"):
        os.makedirs(root / "train" / cls)
        for k in range(8):
            pixels = rs.randint(0, 256, (40, 40, 3)).astype(np.uint8)
            Image.fromarray(pixels).save(root / "train" / cls / f"img_{k}.png")


if __name__ == "__main__":
    os.environ.update(RANK="0", WORLD_SIZE="1", LOCAL_RANK="0", MASTER_ADDR="127.0.0.1", MASTER_PORT="29533")
    np.random.seed(0)
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        make_image_folder(tmp / "data")
        parser = argparse.ArgumentParser('VICReg training script', parents=[get_arguments()])
        args = parser.parse_args(["--data-dir", str(tmp / "data"), "--exp-dir", str(tmp / "exp"), "--arch", "resnet10",
                                  "--mlp", "32-32-32", "--epochs", "2", "--batch-size", "8", "--num-workers", "0",
                                  "--device", "cpu", "--base-lr", "0.5"])
        print(type(args.data_dir).__name__, args.batch_size, args.mlp)
        main(args)
        print(sorted(p.name for p in (tmp / "exp").iterdir()))
        print(open(tmp / "exp" / "stats.txt").read().count("\n"))
        state = torch.load(tmp / "exp" / "model.pth", map_location="cpu", weights_only=False)
        print(state["epoch"], len(state["model"]), sorted(state["optimizer"]["state"])[:3],
              state["optimizer"]["param_groups"][0]["weight_decay_filter"].__name__)
        backbone = torch.load(tmp / "exp" / "resnet50.pth")
        print(list(backbone)[:4])
        x = torch.randn(5, 5)
        print(off_diagonal(x).shape, torch.equal(off_diagonal(x), x[~torch.eye(5, dtype=torch.bool)]))
        dist.destroy_process_group()
