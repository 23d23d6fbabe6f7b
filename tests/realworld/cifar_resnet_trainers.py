# Real-program corpus (tests/realworld, see README.md): the shape of two much-copied CIFAR training
# repositories, akamaster/pytorch_resnet_cifar10 (resnet.py, trainer.py @ d5489e89) and
# bearpaw/pytorch-classification (cifar.py, models/cifar/preresnet.py, utils/{logger,eval,misc}.py
# @ 24f1c456). It exercises He et al.'s CIFAR ResNets with the parameter-free option-A shortcut (a
# LambdaLayer around F.pad of a strided slice), kaiming_normal_ init through Module.apply, model names
# collected from a module namespace with str.islower/callable, nn.DataParallel on a CPU machine,
# MultiStepLR with last_epoch, AverageMeter/accuracy with topk + reshape, a best-precision checkpoint,
# then bearpaw's loop: `state = {k: v for k, v in args._get_kwargs()}` from argparse, a pre-activation
# ResNet, a step schedule that rewrites param_group['lr'] from the state dict, a tab-separated Logger
# with set_names/append, `'%.2fM' %` parameter counts and a progress suffix built with str.format.
# Changes: torchvision FakeData instead of CIFAR-10 downloads, tiny depths and epochs, no CUDA, no
# timing columns, the files written to a temporary directory. Written for Kiln, not copied.
import argparse
import os
import shutil
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.init as init
import torch.optim as optim
import torch.utils.data as data
import torchvision.datasets as datasets
import torchvision.transforms as transforms

__all__ = ['ResNet', 'resnet8', 'resnet14', 'resnet20']


# --- akamaster resnet.py -------------------------------------------------------------------------------
def _weights_init(m):
    if isinstance(m, nn.Linear) or isinstance(m, nn.Conv2d):
        init.kaiming_normal_(m.weight)


class LambdaLayer(nn.Module):
    def __init__(self, lambd):
        super(LambdaLayer, self).__init__()
        self.lambd = lambd

    def forward(self, x):
        return self.lambd(x)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, in_planes, planes, stride=1, option='A'):
        super(BasicBlock, self).__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            if option == 'A':
                # CIFAR's option A: subsample by 2 and zero-pad the new channels, no parameters
                self.shortcut = LambdaLayer(lambda x: F.pad(x[:, :, ::2, ::2], (0, 0, 0, 0, planes // 4, planes // 4), "constant", 0))
            elif option == 'B':
                self.shortcut = nn.Sequential(
                    nn.Conv2d(in_planes, self.expansion * planes, kernel_size=1, stride=stride, bias=False),
                    nn.BatchNorm2d(self.expansion * planes))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += self.shortcut(x)
        return F.relu(out)


class ResNet(nn.Module):
    def __init__(self, block, num_blocks, num_classes=10):
        super(ResNet, self).__init__()
        self.in_planes = 16
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(16)
        self.layer1 = self._make_layer(block, 16, num_blocks[0], stride=1)
        self.layer2 = self._make_layer(block, 32, num_blocks[1], stride=2)
        self.layer3 = self._make_layer(block, 64, num_blocks[2], stride=2)
        self.linear = nn.Linear(64, num_classes)
        self.apply(_weights_init)

    def _make_layer(self, block, planes, num_blocks, stride):
        strides = [stride] + [1] * (num_blocks - 1)
        layers = []
        for stride in strides:
            layers.append(block(self.in_planes, planes, stride))
            self.in_planes = planes * block.expansion
        return nn.Sequential(*layers)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.layer3(self.layer2(self.layer1(out)))
        out = F.avg_pool2d(out, out.size()[3])
        out = out.view(out.size(0), -1)
        return self.linear(out)


def resnet8():
    return ResNet(BasicBlock, [1, 1, 1])


def resnet14():
    return ResNet(BasicBlock, [2, 2, 2])


def resnet20():
    return ResNet(BasicBlock, [3, 3, 3])


def count_layers(net):
    total_params = 0
    for x in filter(lambda p: p.requires_grad, net.parameters()):
        total_params += x.data.numpy().size
    print("Total number of params", total_params)
    print("Total layers", len(list(filter(lambda p: p.requires_grad and len(p.data.size()) > 1, net.parameters()))))


# --- akamaster trainer.py ------------------------------------------------------------------------------
model_names = sorted(name for name in globals()
                     if name.islower() and not name.startswith("__") and name.startswith("resnet")
                     and callable(globals()[name]))


class AverageMeter(object):
    """Computes and stores the average and current value"""
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


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def cifar_loaders(batch_size, train_size, test_size):
    normalize = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_set = datasets.FakeData(size=train_size, image_size=(3, 32, 32), num_classes=10, transform=transforms.Compose([
        transforms.RandomHorizontalFlip(), transforms.RandomCrop(32, 4), transforms.ToTensor(), normalize]))
    val_set = datasets.FakeData(size=test_size, image_size=(3, 32, 32), num_classes=10, random_offset=1000,
                                transform=transforms.Compose([transforms.ToTensor(), normalize]))
    train_loader = data.DataLoader(train_set, batch_size=batch_size, shuffle=True, num_workers=0, pin_memory=False)
    val_loader = data.DataLoader(val_set, batch_size=batch_size, shuffle=False, num_workers=0, pin_memory=False)
    return train_loader, val_loader


def train(train_loader, model, criterion, optimizer, epoch, print_freq):
    losses, top1 = AverageMeter(), AverageMeter()
    model.train()
    for i, (input, target) in enumerate(train_loader):
        output = model(input)
        loss = criterion(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        output = output.float()
        loss = loss.float()
        prec1 = accuracy(output.data, target)[0]
        losses.update(loss.item(), input.size(0))
        top1.update(prec1.item(), input.size(0))
        if i % print_freq == 0:
            print('Epoch: [{0}][{1}/{2}]\tLoss {loss.val:.4f} ({loss.avg:.4f})\tPrec@1 {top1.val:.3f} ({top1.avg:.3f})'.format(
                epoch, i, len(train_loader), loss=losses, top1=top1))


def validate(val_loader, model, criterion):
    losses, top1 = AverageMeter(), AverageMeter()
    model.eval()
    with torch.no_grad():
        for i, (input, target) in enumerate(val_loader):
            output = model(input).float()
            loss = criterion(output, target).float()
            prec1 = accuracy(output.data, target)[0]
            losses.update(loss.item(), input.size(0))
            top1.update(prec1.item(), input.size(0))
    print(' * Prec@1 {top1.avg:.3f}'.format(top1=top1))
    return top1.avg


def save_checkpoint(state, is_best, filename):
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, os.path.join(os.path.dirname(filename), 'model_best.th'))


def akamaster_main(argv, save_dir):
    parser = argparse.ArgumentParser(description='Proper ResNets for CIFAR10 in pytorch')
    parser.add_argument('--arch', '-a', metavar='ARCH', default='resnet32', choices=model_names,
                        help='model architecture: ' + ' | '.join(model_names) + ' (default: resnet32)')
    parser.add_argument('--epochs', default=200, type=int, metavar='N')
    parser.add_argument('--start-epoch', default=0, type=int, metavar='N')
    parser.add_argument('-b', '--batch-size', default=128, type=int, metavar='N')
    parser.add_argument('--lr', '--learning-rate', default=0.1, type=float, metavar='LR')
    parser.add_argument('--momentum', default=0.9, type=float, metavar='M')
    parser.add_argument('--weight-decay', '--wd', default=1e-4, type=float, metavar='W')
    parser.add_argument('--print-freq', '-p', default=50, type=int, metavar='N')
    parser.add_argument('--save-every', dest='save_every', type=int, default=10)
    args = parser.parse_args(argv)
    print(model_names, args.arch, args.batch_size, args.weight_decay)
    best_prec1 = 0
    model = torch.nn.DataParallel(globals()[args.arch]())
    count_layers(model.module)
    train_loader, val_loader = cifar_loaders(args.batch_size, 48, 32)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[1, 2], last_epoch=args.start_epoch - 1)
    for epoch in range(args.start_epoch, args.epochs):
        print('current lr {:.5e}'.format(optimizer.param_groups[0]['lr']))
        train(train_loader, model, criterion, optimizer, epoch, args.print_freq)
        lr_scheduler.step()
        prec1 = validate(val_loader, model, criterion)
        is_best = prec1 > best_prec1
        best_prec1 = max(prec1, best_prec1)
        if epoch > 0 and epoch % args.save_every == 0:
            save_checkpoint({'state_dict': model.state_dict(), 'best_prec1': best_prec1},
                            is_best, filename=os.path.join(save_dir, 'checkpoint.th'))
        save_checkpoint({'state_dict': model.state_dict(), 'best_prec1': best_prec1},
                        is_best, filename=os.path.join(save_dir, 'model.th'))
    saved = torch.load(os.path.join(save_dir, 'model.th'))
    print(sorted(os.listdir(save_dir)), list(saved['state_dict'])[:2], len(saved['state_dict']))


# --- bearpaw models/cifar/preresnet.py and utils ----------------------------------------------------
class PreActBasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super(PreActBasicBlock, self).__init__()
        self.bn1 = nn.BatchNorm2d(inplanes)
        self.relu = nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(inplanes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, padding=1, bias=False)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        residual = x
        out = self.bn1(x)
        out = self.relu(out)
        out = self.conv1(out)
        out = self.bn2(out)
        out = self.relu(out)
        out = self.conv2(out)
        if self.downsample is not None:
            residual = self.downsample(x)
        out += residual
        return out


class PreResNet(nn.Module):
    def __init__(self, depth, num_classes=1000):
        super(PreResNet, self).__init__()
        assert (depth - 2) % 6 == 0, 'depth should be 6n+2'
        n = (depth - 2) // 6
        block = PreActBasicBlock
        self.inplanes = 16
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3, padding=1, bias=False)
        self.layer1 = self._make_layer(block, 16, n)
        self.layer2 = self._make_layer(block, 32, n, stride=2)
        self.layer3 = self._make_layer(block, 64, n, stride=2)
        self.bn = nn.BatchNorm2d(64 * block.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.avgpool = nn.AvgPool2d(8)
        self.fc = nn.Linear(64 * block.expansion, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                m.weight.data.normal_(0, (2. / n) ** 0.5)
            elif isinstance(m, nn.BatchNorm2d):
                m.weight.data.fill_(1)
                m.bias.data.zero_()

    def _make_layer(self, block, planes, blocks, stride=1):
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(nn.Conv2d(self.inplanes, planes * block.expansion, kernel_size=1, stride=stride, bias=False))
        layers = [block(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes * block.expansion
        for i in range(1, blocks):
            layers.append(block(self.inplanes, planes))
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.conv1(x)
        x = self.layer3(self.layer2(self.layer1(x)))
        x = self.relu(self.bn(x))
        x = self.avgpool(x)
        x = x.view(x.size(0), -1)
        return self.fc(x)


class Logger(object):
    '''Save training process to log file with simple plot function.'''
    def __init__(self, fpath, title=None):
        self.file = open(fpath, 'w')
        self.title = '' if title is None else title

    def set_names(self, names):
        self.numbers = {}
        self.names = names
        for _, name in enumerate(self.names):
            self.file.write(name)
            self.file.write('\t')
            self.numbers[name] = []
        self.file.write('\n')
        self.file.flush()

    def append(self, numbers):
        assert len(self.names) == len(numbers), 'Numbers do not match names'
        for index, num in enumerate(numbers):
            self.file.write("{0:.6f}".format(num))
            self.file.write('\t')
            self.numbers[self.names[index]].append(num)
        self.file.write('\n')
        self.file.flush()

    def close(self):
        if self.file is not None:
            self.file.close()


def bearpaw_main(argv, checkpoint):
    parser = argparse.ArgumentParser(description='PyTorch CIFAR10/100 Training')
    parser.add_argument('-d', '--dataset', default='cifar10', type=str)
    parser.add_argument('--epochs', default=300, type=int, metavar='N')
    parser.add_argument('--train-batch', default=128, type=int, metavar='N')
    parser.add_argument('--lr', '--learning-rate', default=0.1, type=float, metavar='LR')
    parser.add_argument('--schedule', type=int, nargs='+', default=[150, 225])
    parser.add_argument('--gamma', type=float, default=0.1)
    parser.add_argument('--momentum', default=0.9, type=float, metavar='M')
    parser.add_argument('--weight-decay', '--wd', default=5e-4, type=float, metavar='W')
    parser.add_argument('--depth', type=int, default=29)
    args = parser.parse_args(argv)
    state = {k: v for k, v in args._get_kwargs()}
    print(state)

    def adjust_learning_rate(optimizer, epoch):
        if epoch in args.schedule:
            state['lr'] *= args.gamma
            for param_group in optimizer.param_groups:
                param_group['lr'] = state['lr']

    print('==> Preparing dataset %s' % args.dataset)
    trainloader, testloader = cifar_loaders(args.train_batch, 48, 32)
    model = torch.nn.DataParallel(PreResNet(depth=args.depth, num_classes=10))
    print('    Total params: %.2fM' % (sum(p.numel() for p in model.parameters()) / 1000000.0))
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    logger = Logger(os.path.join(checkpoint, 'log.txt'), title='cifar-10-preresnet')
    logger.set_names(['Learning Rate', 'Train Loss', 'Valid Loss', 'Train Acc.', 'Valid Acc.'])
    best_acc = 0
    for epoch in range(args.epochs):
        adjust_learning_rate(optimizer, epoch)
        print('\nEpoch: [%d | %d] LR: %f' % (epoch + 1, args.epochs, state['lr']))
        meters = {}
        for phase, loader in (('train', trainloader), ('test', testloader)):
            losses, top1, top5 = AverageMeter(), AverageMeter(), AverageMeter()
            model.train(phase == 'train')
            for batch_idx, (inputs, targets) in enumerate(loader):
                with torch.set_grad_enabled(phase == 'train'):
                    outputs = model(inputs)
                    loss = criterion(outputs, targets)
                prec1, prec5 = accuracy(outputs.data, targets.data, topk=(1, 5))
                losses.update(loss.item(), inputs.size(0))
                top1.update(prec1.item(), inputs.size(0))
                top5.update(prec5.item(), inputs.size(0))
                if phase == 'train':
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                suffix = '({batch}/{size}) | Loss: {loss:.4f} | top1: {top1: .4f} | top5: {top5: .4f}'.format(
                    batch=batch_idx + 1, size=len(loader), loss=losses.avg, top1=top1.avg, top5=top5.avg)
                print(phase, suffix)
            meters[phase] = (losses.avg, top1.avg)
        logger.append([state['lr'], meters['train'][0], meters['test'][0], meters['train'][1], meters['test'][1]])
        best_acc = max(meters['test'][1], best_acc)
    logger.close()
    with open(os.path.join(checkpoint, 'log.txt')) as f:
        lines = f.read().splitlines()
    print(lines[0].split('\t')[:5], len(lines))
    print('Best acc:')
    print(f'{best_acc:.3f}')


if __name__ == '__main__':
    torch.manual_seed(0)
    work = tempfile.mkdtemp()
    akamaster_main(['-a', 'resnet8', '--epochs', '3', '-b', '16', '-p', '1'], work)
    torch.manual_seed(1)
    bearpaw_main(['--depth', '8', '--epochs', '2', '--train-batch', '16', '--schedule', '1', '--lr', '0.05'], work)
    shutil.rmtree(work)
