# Real-program corpus (tests/realworld, see README.md): an ImageNet training script run with --dummy:
# the architecture picked by name from torchvision.models.__dict__ (argparse choices built from the
# lowercase callables), datasets.FakeData with transforms.ToTensor() in place of ImageFolder, a
# DataLoader, CrossEntropyLoss, SGD with momentum and weight decay, StepLR, top-k accuracy and a
# validation pass under no_grad: the workflow of pytorch/examples imagenet/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8 (its --dummy path). Written for Kiln, not copied; 64x64
# images, a few batches, 10 classes, losses to 2 places, 1 in validation (BatchNorm over 8-image batches
# amplifies the rounding differences of summation order).
import argparse

import torch
import torch.nn as nn
import torchvision.datasets as datasets
import torchvision.models as models
import torchvision.transforms as transforms
from torch.optim.lr_scheduler import StepLR

model_names = sorted(name for name in models.__dict__
                     if name.islower() and not name.startswith("__") and callable(models.__dict__[name]))

parser = argparse.ArgumentParser(description="PyTorch ImageNet Training")
parser.add_argument("-a", "--arch", default="resnet18", choices=model_names)
parser.add_argument("-b", "--batch-size", default=8, type=int)
parser.add_argument("--lr", default=1e-3, type=float)
parser.add_argument("--momentum", default=0.9, type=float)
parser.add_argument("--wd", "--weight-decay", default=1e-4, type=float, dest="weight_decay")
parser.add_argument("--epochs", default=2, type=int)
parser.add_argument("--dummy", action="store_true")
parser.add_argument("--seed", default=0, type=int)


class AverageMeter:
    def __init__(self, name, fmt=":f"):
        self.name, self.fmt = name, fmt
        self.val = self.avg = self.sum = self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

    def __str__(self):
        return ("{name} {val" + self.fmt + "} ({avg" + self.fmt + "})").format(**self.__dict__)


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        return [correct[:k].reshape(-1).float().sum(0, keepdim=True).mul_(100.0 / batch_size) for k in topk]


def train(loader, model, criterion, optimizer, epoch):
    losses, top1, top5 = AverageMeter("Loss", ":.2f"), AverageMeter("Acc@1", ":6.2f"), AverageMeter("Acc@5", ":6.2f")
    model.train()
    for i, (images, target) in enumerate(loader):
        output = model(images)
        loss = criterion(output, target)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        losses.update(loss.item(), images.size(0))
        top1.update(acc1[0].item(), images.size(0))
        top5.update(acc5[0].item(), images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"Epoch: [{epoch}][{i}/{len(loader)}]\t{losses}\t{top1}\t{top5}")


def validate(loader, model, criterion):
    losses, top1 = AverageMeter("Loss", ":.1f"), AverageMeter("Acc@1", ":6.2f")
    model.eval()
    with torch.no_grad():
        for images, target in loader:
            output = model(images)
            losses.update(criterion(output, target).item(), images.size(0))
            top1.update(accuracy(output, target)[0].item(), images.size(0))
    print(f" * {top1} {losses}")
    return top1.avg


def main():
    args = parser.parse_args(["--dummy", "-a", "resnet18", "-b", "8"])
    torch.manual_seed(args.seed)
    print(f"=> creating model '{args.arch}'")
    model = models.__dict__[args.arch](num_classes=10)
    print(type(model).__name__, sum(p.numel() for p in model.parameters()))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    scheduler = StepLR(optimizer, step_size=1, gamma=0.1)
    if args.dummy:
        print("=> Dummy data is used!")
        train_dataset = datasets.FakeData(24, (3, 64, 64), 10, transforms.ToTensor())
        val_dataset = datasets.FakeData(8, (3, 64, 64), 10, transforms.ToTensor(), random_offset=1000)
    print(train_dataset)
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True)
    val_loader = torch.utils.data.DataLoader(val_dataset, batch_size=args.batch_size, shuffle=False)
    best_acc1 = 0
    for epoch in range(args.epochs):
        train(train_loader, model, criterion, optimizer, epoch)
        acc1 = validate(val_loader, model, criterion)
        scheduler.step()
        best_acc1 = max(acc1, best_acc1)
        print(f"epoch {epoch} lr {scheduler.get_last_lr()[0]:.4f} best {best_acc1:.2f}")


if __name__ == "__main__":
    main()
