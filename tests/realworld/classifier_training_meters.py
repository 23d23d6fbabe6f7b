# Real-program corpus (tests/realworld, see README.md): the bookkeeping of an ImageNet-style training
# script: running-average meters whose __str__ builds a format string from pieces and fills it with
# **self.__dict__, an Enum choosing the summary, a progress line with a width computed from the batch
# count, top-k accuracy via topk/t()/eq/expand_as, a validate() under no_grad, StepLR, and a
# checkpoint dict (epoch, arch, state_dict, best_acc1, optimizer, scheduler) kept with torch.save
# into a BytesIO and copied when it is the best: the workflow of pytorch/examples imagenet/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; a tiny CNN and random data.
import io
import shutil
from enum import Enum

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Summary(Enum):
    NONE = 0
    AVERAGE = 1
    SUM = 2
    COUNT = 3


class AverageMeter:
    """Keeps the latest value and the running average of a metric."""

    def __init__(self, name, fmt=':f', summary_type=Summary.AVERAGE):
        self.name, self.fmt, self.summary_type = name, fmt, summary_type
        self.reset()

    def reset(self):
        self.val = self.avg = self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

    def __str__(self):
        return ('{name} {val' + self.fmt + '} ({avg' + self.fmt + '})').format(**self.__dict__)

    def summary(self):
        if self.summary_type is Summary.NONE:
            return ''
        key = {Summary.AVERAGE: 'avg', Summary.SUM: 'sum', Summary.COUNT: 'count'}.get(self.summary_type)
        if key is None:
            raise ValueError('invalid summary type %r' % self.summary_type)
        return ('{name} {' + key + ':.3f}').format(**self.__dict__)


class ProgressMeter:
    def __init__(self, num_batches, meters, prefix=""):
        digits = len(str(num_batches // 1))
        fmt = '{:' + str(digits) + 'd}'
        self.batch_fmtstr = '[' + fmt + '/' + fmt.format(num_batches) + ']'
        self.meters, self.prefix = meters, prefix

    def display(self, batch):
        print('\t'.join([self.prefix + self.batch_fmtstr.format(batch)] + [str(m) for m in self.meters]))

    def display_summary(self):
        print(' '.join([" *"] + [m.summary() for m in self.meters]))


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        return [correct[:k].reshape(-1).float().sum(0, keepdim=True).mul_(100.0 / batch_size) for k in topk]


class SmallNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d((1, 1)))
        self.classifier = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def train(loader, model, criterion, optimizer, epoch):
    losses = AverageMeter('Loss', ':.4e')
    top1 = AverageMeter('Acc@1', ':6.2f')
    top5 = AverageMeter('Acc@5', ':6.2f')
    progress = ProgressMeter(len(loader), [losses, top1, top5], prefix="Epoch: [{}]".format(epoch))
    model.train()
    for i, (images, target) in enumerate(loader):
        output = model(images)
        loss = criterion(output, target)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        losses.update(loss.item(), images.size(0))
        top1.update(acc1[0], images.size(0))
        top5.update(acc5[0], images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        progress.display(i + 1)


def validate(loader, model, criterion):
    losses = AverageMeter('Loss', ':.4e', Summary.NONE)
    top1 = AverageMeter('Acc@1', ':6.2f', Summary.AVERAGE)
    top5 = AverageMeter('Acc@5', ':6.2f', Summary.AVERAGE)
    model.eval()
    with torch.no_grad():
        for images, target in loader:
            output = model(images)
            acc1, acc5 = accuracy(output, target, topk=(1, 5))
            losses.update(criterion(output, target).item(), images.size(0))
            top1.update(acc1[0], images.size(0))
            top5.update(acc5[0], images.size(0))
    ProgressMeter(len(loader), [top1, top5, losses], prefix='Test: ').display_summary()
    return top1.avg


torch.manual_seed(0)
train_loader = DataLoader(TensorDataset(torch.randn(48, 3, 8, 8), torch.randint(0, 10, (48,))), batch_size=16, shuffle=True)
val_loader = DataLoader(TensorDataset(torch.randn(32, 3, 8, 8), torch.randint(0, 10, (32,))), batch_size=16)
model = SmallNet()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), 0.1, momentum=0.9, weight_decay=1e-4)
scheduler = StepLR(optimizer, step_size=1, gamma=0.1)
best_acc1, saved, best = 0, None, None
for epoch in range(3):
    train(train_loader, model, criterion, optimizer, epoch)
    acc1 = validate(val_loader, model, criterion)
    scheduler.step()
    is_best = acc1 > best_acc1
    best_acc1 = max(acc1, best_acc1)
    saved = io.BytesIO()
    torch.save({'epoch': epoch + 1, 'arch': 'smallnet', 'state_dict': model.state_dict(),
                'best_acc1': best_acc1, 'optimizer': optimizer.state_dict(),
                'scheduler': scheduler.state_dict()}, saved)
    if is_best:
        saved.seek(0)
        best = io.BytesIO()
        shutil.copyfileobj(saved, best)
    print('lr', scheduler.get_last_lr(), 'best', f"{float(best_acc1):.2f}", is_best)
best.seek(0)
checkpoint = torch.load(best)
print(checkpoint['epoch'], checkpoint['arch'], sorted(checkpoint['optimizer'].keys()), checkpoint['scheduler']['last_epoch'])
model.load_state_dict(checkpoint['state_dict'])
print(type(checkpoint['best_acc1']).__name__, len(checkpoint['state_dict']), model.features[1].num_batches_tracked.item())
meter = AverageMeter('x', summary_type='bogus')
try:
    meter.summary()
except ValueError as e:
    print(e)
