# Real-program corpus (tests/realworld, see README.md): SimSiam self-supervised pre-training followed by
# linear-classifier evaluation, the workflow of facebookresearch/simsiam @ a7bc1772896d0dad0806c51f0bb6f3b16d290468
# (simsiam/builder.py, simsiam/loader.py, main_simsiam.py, main_lincls.py). Written for Kiln, not copied:
# the model names from `sorted(name for name in models.__dict__ ...)` into argparse choices, a SimSiam
# module that builds a torchvision ResNet with num_classes=dim and zero_init_residual=True and rebuilds
# its fc into a 3-layer projector around the old fc (Sequential indexing to freeze fc[6].bias, a
# BatchNorm1d(affine=False) output), a 2-layer predictor, stop-gradient through .detach(); the MoCo v2
# augmentation on PIL images (RandomResizedCrop, RandomApply([ColorJitter]), RandomGrayscale, a
# GaussianBlur class calling img.filter(ImageFilter.GaussianBlur(radius=sigma)), flips) wrapped in a
# TwoCropsTransform; negative cosine similarity loss, SGD with a fix_lr param-group flag honoured by the
# cosine adjust_learning_rate; AverageMeter/ProgressMeter printing; checkpoints of a DataParallel-wrapped
# model; then main_lincls' linear probe: a fresh ResNet with everything but fc frozen, the
# 'module.encoder.' key surgery of the checkpoint (del while iterating a list of keys),
# load_state_dict(strict=False) whose missing_keys must be exactly fc, filter(requires_grad) parameters,
# top-k accuracy and the sanity check that frozen weights did not move.
# Changes from the origin: FakeData (PIL images) instead of ImageFolder on ImageNet, 32-pixel crops,
# dim/pred_dim 64/16, two tiny epochs on the CPU (nn.DataParallel instead of DistributedDataParallel,
# no SyncBatchNorm), checkpoints in a temporary directory, no batch/data-time meters (timings).
import argparse
import math
import os
import random
import shutil
import tempfile

import torch
import torch.nn as nn
import torchvision.datasets as datasets
import torchvision.models as models
import torchvision.transforms as transforms
from PIL import ImageFilter

model_names = sorted(name for name in models.__dict__
                     if name.islower() and not name.startswith("__")
                     and callable(models.__dict__[name]))


# ---- simsiam/builder.py -----------------------------------------------------------------------------
class SimSiam(nn.Module):
    def __init__(self, base_encoder, dim=2048, pred_dim=512):
        super(SimSiam, self).__init__()
        # the encoder's fc outputs `dim` features; the last BN of each residual block starts at zero
        self.encoder = base_encoder(num_classes=dim, zero_init_residual=True)
        prev_dim = self.encoder.fc.weight.shape[1]
        self.encoder.fc = nn.Sequential(nn.Linear(prev_dim, prev_dim, bias=False),
                                        nn.BatchNorm1d(prev_dim),
                                        nn.ReLU(inplace=True),
                                        nn.Linear(prev_dim, prev_dim, bias=False),
                                        nn.BatchNorm1d(prev_dim),
                                        nn.ReLU(inplace=True),
                                        self.encoder.fc,
                                        nn.BatchNorm1d(dim, affine=False))
        self.encoder.fc[6].bias.requires_grad = False  # the bias is followed by BN: unused
        self.predictor = nn.Sequential(nn.Linear(dim, pred_dim, bias=False),
                                       nn.BatchNorm1d(pred_dim),
                                       nn.ReLU(inplace=True),
                                       nn.Linear(pred_dim, dim))

    def forward(self, x1, x2):
        z1 = self.encoder(x1)
        z2 = self.encoder(x2)
        p1 = self.predictor(z1)
        p2 = self.predictor(z2)
        return p1, p2, z1.detach(), z2.detach()


# ---- simsiam/loader.py ------------------------------------------------------------------------------
class TwoCropsTransform:
    """Take two random crops of one image as the query and key."""

    def __init__(self, base_transform):
        self.base_transform = base_transform

    def __call__(self, x):
        q = self.base_transform(x)
        k = self.base_transform(x)
        return [q, k]


class GaussianBlur(object):
    """Gaussian blur augmentation in SimCLR https://arxiv.org/abs/2002.05709"""

    def __init__(self, sigma=[.1, 2.]):
        self.sigma = sigma

    def __call__(self, x):
        sigma = random.uniform(self.sigma[0], self.sigma[1])
        return x.filter(ImageFilter.GaussianBlur(radius=sigma))


# ---- meters (main_simsiam.py / main_lincls.py) ------------------------------------------------------
class AverageMeter(object):
    """Computes and stores the average and current value"""

    def __init__(self, name, fmt=':f'):
        self.name = name
        self.fmt = fmt
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

    def __str__(self):
        fmtstr = '{name} {val' + self.fmt + '} ({avg' + self.fmt + '})'
        return fmtstr.format(**self.__dict__)


class ProgressMeter(object):
    def __init__(self, num_batches, meters, prefix=""):
        self.batch_fmtstr = self._get_batch_fmtstr(num_batches)
        self.meters = meters
        self.prefix = prefix

    def display(self, batch):
        entries = [self.prefix + self.batch_fmtstr.format(batch)]
        entries += [str(meter) for meter in self.meters]
        print('\t'.join(entries))

    def _get_batch_fmtstr(self, num_batches):
        num_digits = len(str(num_batches // 1))
        fmt = '{:' + str(num_digits) + 'd}'
        return '[' + fmt + '/' + fmt.format(num_batches) + ']'


def save_checkpoint(state, is_best, filename='checkpoint.pth.tar'):
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, 'model_best.pth.tar')


# ---- main_simsiam.py --------------------------------------------------------------------------------
pre_parser = argparse.ArgumentParser(description='PyTorch ImageNet Training')
pre_parser.add_argument('data', metavar='DIR', help='path to dataset')
pre_parser.add_argument('-a', '--arch', metavar='ARCH', default='resnet50', choices=model_names,
                        help='model architecture: ' + ' | '.join(model_names[:4]) + ' ... (default: resnet50)')
pre_parser.add_argument('--epochs', default=100, type=int, metavar='N', help='number of total epochs to run')
pre_parser.add_argument('--start-epoch', default=0, type=int, metavar='N', help='manual epoch number')
pre_parser.add_argument('-b', '--batch-size', default=512, type=int, metavar='N', help='mini-batch size')
pre_parser.add_argument('--lr', '--learning-rate', default=0.05, type=float, metavar='LR',
                        help='initial (base) learning rate', dest='lr')
pre_parser.add_argument('--momentum', default=0.9, type=float, metavar='M', help='momentum of SGD solver')
pre_parser.add_argument('--wd', '--weight-decay', default=1e-4, type=float, metavar='W',
                        help='weight decay (default: 1e-4)', dest='weight_decay')
pre_parser.add_argument('-p', '--print-freq', default=10, type=int, metavar='N', help='print frequency')
pre_parser.add_argument('--seed', default=None, type=int, help='seed for initializing training. ')
pre_parser.add_argument('--dim', default=2048, type=int, help='feature dimension (default: 2048)')
pre_parser.add_argument('--pred-dim', default=512, type=int, help='hidden dimension of the predictor (default: 512)')
pre_parser.add_argument('--fix-pred-lr', action='store_true', help='Fix learning rate for the predictor')


def adjust_learning_rate_pre(optimizer, init_lr, epoch, args):
    """Decay the learning rate based on schedule"""
    cur_lr = init_lr * 0.5 * (1. + math.cos(math.pi * epoch / args.epochs))
    for param_group in optimizer.param_groups:
        if 'fix_lr' in param_group and param_group['fix_lr']:
            param_group['lr'] = init_lr
        else:
            param_group['lr'] = cur_lr


def train_pre(train_loader, model, criterion, optimizer, epoch, args):
    losses = AverageMeter('Loss', ':.4f')
    progress = ProgressMeter(len(train_loader), [losses], prefix="Epoch: [{}]".format(epoch))
    model.train()
    for i, (images, _) in enumerate(train_loader):
        p1, p2, z1, z2 = model(x1=images[0], x2=images[1])
        loss = -(criterion(p1, z2).mean() + criterion(p2, z1).mean()) * 0.5
        losses.update(loss.item(), images[0].size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % args.print_freq == 0:
            progress.display(i)


def main_simsiam(argv):
    args = pre_parser.parse_args(argv)
    if args.seed is not None:
        random.seed(args.seed)
        torch.manual_seed(args.seed)
    print("=> creating model '{}'".format(args.arch))
    model = SimSiam(models.__dict__[args.arch], args.dim, args.pred_dim)
    init_lr = args.lr * args.batch_size / 256
    model = torch.nn.DataParallel(model)  # the origin's DistributedDataParallel: the same 'module.' keys
    print(model.module.predictor)
    criterion = nn.CosineSimilarity(dim=1)
    if args.fix_pred_lr:
        optim_params = [{'params': model.module.encoder.parameters(), 'fix_lr': False},
                        {'params': model.module.predictor.parameters(), 'fix_lr': True}]
    else:
        optim_params = model.parameters()
    optimizer = torch.optim.SGD(optim_params, init_lr, momentum=args.momentum, weight_decay=args.weight_decay)
    normalize = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    augmentation = [
        transforms.RandomResizedCrop(32, scale=(0.2, 1.)),
        transforms.RandomApply([transforms.ColorJitter(0.4, 0.4, 0.4, 0.1)], p=0.8),
        transforms.RandomGrayscale(p=0.2),
        transforms.RandomApply([GaussianBlur([.1, 2.])], p=0.5),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        normalize
    ]
    train_dataset = datasets.FakeData(16, (3, 40, 40), 10, TwoCropsTransform(transforms.Compose(augmentation)))
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True,
                                               num_workers=0, drop_last=True)
    for epoch in range(args.start_epoch, args.epochs):
        adjust_learning_rate_pre(optimizer, init_lr, epoch, args)
        print("lrs", [round(g['lr'], 6) for g in optimizer.param_groups])
        train_pre(train_loader, model, criterion, optimizer, epoch, args)
        save_checkpoint({
            'epoch': epoch + 1,
            'arch': args.arch,
            'state_dict': model.state_dict(),
            'optimizer': optimizer.state_dict(),
        }, is_best=False, filename='checkpoint_{:04d}.pth.tar'.format(epoch))
    return 'checkpoint_{:04d}.pth.tar'.format(args.epochs - 1)


# ---- main_lincls.py ---------------------------------------------------------------------------------
def accuracy(output, target, topk=(1,)):
    """Computes the accuracy over the k top predictions for the specified values of k"""
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        res = []
        for k in topk:
            correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
            res.append(correct_k.mul_(100.0 / batch_size))
        return res


def sanity_check(state_dict, pretrained_weights):
    # the linear probe must not change anything but fc (BN statistics included)
    print("=> loading '{}' for sanity check".format(pretrained_weights))
    checkpoint = torch.load(pretrained_weights, map_location="cpu")
    state_dict_pre = checkpoint['state_dict']
    for k in list(state_dict.keys()):
        if 'fc.weight' in k or 'fc.bias' in k:
            continue
        k_pre = 'module.encoder.' + k[len('module.'):] if k.startswith('module.') else 'module.encoder.' + k
        assert ((state_dict[k].cpu() == state_dict_pre[k_pre]).all()), \
            '{} is changed in linear classifier training.'.format(k)
    print("=> sanity check passed.")


def main_lincls(pretrained, arch):
    torch.manual_seed(1)
    print("=> creating model '{}'".format(arch))
    model = models.__dict__[arch](num_classes=10)
    for name, param in model.named_parameters():
        if name not in ['fc.weight', 'fc.bias']:
            param.requires_grad = False
    model.fc.weight.data.normal_(mean=0.0, std=0.01)
    model.fc.bias.data.zero_()
    print("=> loading checkpoint '{}'".format(pretrained))
    checkpoint = torch.load(pretrained, map_location="cpu")
    state_dict = checkpoint['state_dict']
    for k in list(state_dict.keys()):
        # keep the encoder up to the projector, without the prefix
        if k.startswith('module.encoder') and not k.startswith('module.encoder.fc'):
            state_dict[k[len("module.encoder."):]] = state_dict[k]
        del state_dict[k]
    msg = model.load_state_dict(state_dict, strict=False)
    assert set(msg.missing_keys) == {"fc.weight", "fc.bias"}
    print(msg.unexpected_keys, len(state_dict), checkpoint['epoch'], checkpoint['arch'])
    print("=> loaded pre-trained model '{}'".format(pretrained))
    init_lr = 0.3 * 8 / 256
    criterion = nn.CrossEntropyLoss()
    parameters = list(filter(lambda p: p.requires_grad, model.parameters()))
    assert len(parameters) == 2  # fc.weight, fc.bias
    optimizer = torch.optim.SGD(parameters, init_lr, momentum=0.9, weight_decay=0.)
    normalize = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_dataset = datasets.FakeData(16, (3, 40, 40), 10, transforms.Compose([
        transforms.RandomResizedCrop(32), transforms.RandomHorizontalFlip(), transforms.ToTensor(), normalize]),
        random_offset=5)
    val_dataset = datasets.FakeData(8, (3, 40, 40), 10, transforms.Compose([
        transforms.Resize(36), transforms.CenterCrop(32), transforms.ToTensor(), normalize]), random_offset=9)
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=8, shuffle=True, num_workers=0)
    val_loader = torch.utils.data.DataLoader(val_dataset, batch_size=8, shuffle=False, num_workers=0)
    model.eval()  # main_lincls trains the probe in eval mode: BN statistics stay the pre-trained ones
    losses = AverageMeter('Loss', ':.4e')
    top1 = AverageMeter('Acc@1', ':6.2f')
    top5 = AverageMeter('Acc@5', ':6.2f')
    progress = ProgressMeter(len(train_loader), [losses, top1, top5], prefix="Epoch: [0]")
    for i, (images, target) in enumerate(train_loader):
        output = model(images)
        loss = criterion(output, target)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        losses.update(loss.item(), images.size(0))
        top1.update(acc1[0], images.size(0))
        top5.update(acc5[0], images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        progress.display(i)
    with torch.no_grad():
        for images, target in val_loader:
            output = model(images)
            acc1, acc5 = accuracy(output, target, topk=(1, 5))
            print(' * Acc@1 {:.3f} Acc@5 {:.3f}'.format(acc1.item(), acc5.item()))
    sanity_check(model.state_dict(), pretrained)


if __name__ == '__main__':
    print(len(model_names) > 10, 'resnet18' in model_names)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        ckpt = main_simsiam(['-a', 'resnet18', '-b', '8', '--dim', '64', '--pred-dim', '16', '--epochs', '2',
                             '-p', '1', '--fix-pred-lr', '--seed', '0', 'imagenet'])
        print(sorted(os.listdir('.')))
        main_lincls(ckpt, 'resnet18')
        os.chdir(here)
