# The training recipe of torchvision's classification references, at a size that runs in seconds.
#
# Origin (workflow reproduced): pytorch/vision references/classification/train.py @ bde124ee,
# utils.py @ 721a6ae1 (SmoothedValue, MetricLogger, accuracy, average_checkpoints,
# store_model_weights, save_on_master), transforms.py @ 6fbb5014 (RandomMixUp, RandomCutMix with
# torch._sample_dirichlet), ra_sampler.py @ 0d29db34 (RASampler), and the newer utils.py's
# set_weight_decay / ExponentialMovingAverage(AveragedModel).
# What it exercises: defaultdict(SmoothedValue) meters behind __getattr__, deque(maxlen=) medians
# through torch.tensor(list).median(), nested format specs built at run time ('{0:1d}'),
# datetime.timedelta, top-k accuracy, mixup/cutmix as a collate_fn through RandomChoice over two
# batch arguments, RASampler with a per-epoch torch.Generator, parameter groups split by norm
# classes and custom keys, AveragedModel with a custom avg_fn and use_buffers, LinearLR warmup +
# CosineAnnealingLR inside SequentialLR, label_smoothing cross-entropy, checkpoints saved per epoch
# and resumed, averaged with a map_location lambda, and re-stored under a sha256 name.
# Changes for Kiln's corpus: ImageFolder replaced by FakeData (64 images of 3x16x16, 4 classes), a
# small CNN instead of a torchvision model, no distributed mode or CUDA, the wall clock of
# MetricLogger.log_every replaced by a fixed-tick clock (deterministic eta/time strings), two epochs
# then a resumed third, files in a temporary directory (args printed without the paths, the sha256
# name as its length only: file bytes differ), random.seed(0) for RandomChoice's pick.

import argparse
import copy
import datetime
import errno
import hashlib
import math
import os
import random
import tempfile
from collections import OrderedDict, defaultdict, deque

import torch
import torch.utils.data
import torchvision
from torch import nn
from torch.utils.data.dataloader import default_collate
from torchvision.transforms import functional as TF


class _TickClock:
    # Stands in for the time module: each call advances 0.25 s, so eta/time strings are stable.
    def __init__(self):
        self.now = 1000.0

    def time(self):
        self.now += 0.25
        return self.now


time = _TickClock()


# ---------------------------------------------------------------- utils.py
class SmoothedValue:
    """Track a series of values and provide access to smoothed values over a window or the global average."""

    def __init__(self, window_size=20, fmt=None):
        if fmt is None:
            fmt = "{median:.4f} ({global_avg:.4f})"
        self.deque = deque(maxlen=window_size)
        self.total = 0.0
        self.count = 0
        self.fmt = fmt

    def update(self, value, n=1):
        self.deque.append(value)
        self.count += n
        self.total += value * n

    @property
    def median(self):
        d = torch.tensor(list(self.deque))
        return d.median().item()

    @property
    def avg(self):
        d = torch.tensor(list(self.deque), dtype=torch.float32)
        return d.mean().item()

    @property
    def global_avg(self):
        return self.total / self.count

    @property
    def max(self):
        return max(self.deque)

    @property
    def value(self):
        return self.deque[-1]

    def __str__(self):
        return self.fmt.format(
            median=self.median, avg=self.avg, global_avg=self.global_avg, max=self.max, value=self.value
        )


class MetricLogger:
    def __init__(self, delimiter="\t"):
        self.meters = defaultdict(SmoothedValue)
        self.delimiter = delimiter

    def update(self, **kwargs):
        for k, v in kwargs.items():
            if isinstance(v, torch.Tensor):
                v = v.item()
            assert isinstance(v, (float, int))
            self.meters[k].update(v)

    def __getattr__(self, attr):
        if attr in self.meters:
            return self.meters[attr]
        if attr in self.__dict__:
            return self.__dict__[attr]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    def __str__(self):
        loss_str = []
        for name, meter in self.meters.items():
            loss_str.append(f"{name}: {str(meter)}")
        return self.delimiter.join(loss_str)

    def add_meter(self, name, meter):
        self.meters[name] = meter

    def log_every(self, iterable, print_freq, header=None):
        i = 0
        if not header:
            header = ""
        start_time = time.time()
        end = time.time()
        iter_time = SmoothedValue(fmt="{avg:.4f}")
        data_time = SmoothedValue(fmt="{avg:.4f}")
        space_fmt = ":" + str(len(str(len(iterable)))) + "d"
        log_msg = self.delimiter.join(
            [header, "[{0" + space_fmt + "}/{1}]", "eta: {eta}", "{meters}", "time: {time}", "data: {data}"]
        )
        for obj in iterable:
            data_time.update(time.time() - end)
            yield obj
            iter_time.update(time.time() - end)
            if i % print_freq == 0:
                eta_seconds = iter_time.global_avg * (len(iterable) - i)
                eta_string = str(datetime.timedelta(seconds=int(eta_seconds)))
                print(
                    log_msg.format(
                        i, len(iterable), eta=eta_string, meters=str(self), time=str(iter_time), data=str(data_time)
                    )
                )
            i += 1
            end = time.time()
        total_time = time.time() - start_time
        total_time_str = str(datetime.timedelta(seconds=int(total_time)))
        print(f"{header} Total time: {total_time_str}")


def accuracy(output, target, topk=(1,)):
    """Computes the accuracy over the k top predictions for the specified values of k"""
    with torch.inference_mode():
        maxk = max(topk)
        batch_size = target.size(0)
        if target.ndim == 2:
            target = target.max(dim=1)[1]

        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target[None])

        res = []
        for k in topk:
            correct_k = correct[:k].flatten().sum(dtype=torch.float32)
            res.append(correct_k * (100.0 / batch_size))
        return res


def mkdir(path):
    try:
        os.makedirs(path)
    except OSError as e:
        if e.errno != errno.EEXIST:
            raise


def is_main_process():
    return True


def save_on_master(*args, **kwargs):
    if is_main_process():
        torch.save(*args, **kwargs)


def average_checkpoints(inputs):
    """Loads checkpoints from inputs and returns a model with averaged weights (fairseq's recipe)."""
    params_dict = OrderedDict()
    params_keys = None
    new_state = None
    num_models = len(inputs)
    for fpath in inputs:
        with open(fpath, "rb") as f:
            state = torch.load(
                f,
                map_location=(lambda s, _: torch.serialization.default_restore_location(s, "cpu")),
                weights_only=False,
            )
        if new_state is None:
            new_state = state
        model_params = state["model"]
        model_params_keys = list(model_params.keys())
        if params_keys is None:
            params_keys = model_params_keys
        elif params_keys != model_params_keys:
            raise KeyError(f"For checkpoint {f}, expected list of params: {params_keys}, but found: {model_params_keys}")
        for k in params_keys:
            p = model_params[k]
            if isinstance(p, torch.HalfTensor):
                p = p.float()
            if k not in params_dict:
                params_dict[k] = p.clone()
            else:
                params_dict[k] += p
    averaged_params = OrderedDict()
    for k, v in params_dict.items():
        averaged_params[k] = v
        if averaged_params[k].is_floating_point():
            averaged_params[k].div_(num_models)
        else:
            averaged_params[k] //= num_models
    new_state["model"] = averaged_params
    return new_state


def store_model_weights(model, checkpoint_path, checkpoint_key="model", strict=True):
    checkpoint_path = os.path.abspath(checkpoint_path)
    output_dir = os.path.dirname(checkpoint_path)

    model = copy.deepcopy(model)
    checkpoint = torch.load(checkpoint_path, map_location="cpu", weights_only=False)
    model.load_state_dict(checkpoint[checkpoint_key], strict=strict)

    tmp_path = os.path.join(output_dir, str(model.__hash__()))
    torch.save(model.state_dict(), tmp_path)

    sha256_hash = hashlib.sha256()
    with open(tmp_path, "rb") as f:
        for byte_block in iter(lambda: f.read(4096), b""):
            sha256_hash.update(byte_block)
        hh = sha256_hash.hexdigest()

    output_path = os.path.join(output_dir, "weights-" + str(hh[:8]) + ".pth")
    os.replace(tmp_path, output_path)
    return output_path


class ExponentialMovingAverage(torch.optim.swa_utils.AveragedModel):
    """Maintains moving averages of model parameters using an exponential decay."""

    def __init__(self, model, decay, device="cpu"):
        def ema_avg(avg_model_param, model_param, num_averaged):
            return decay * avg_model_param + (1 - decay) * model_param

        super().__init__(model, device, ema_avg, use_buffers=True)


def set_weight_decay(model, weight_decay, norm_weight_decay=None, norm_classes=None, custom_keys_weight_decay=None):
    if not norm_classes:
        norm_classes = [
            torch.nn.modules.batchnorm._BatchNorm,
            torch.nn.LayerNorm,
            torch.nn.GroupNorm,
            torch.nn.modules.instancenorm._InstanceNorm,
            torch.nn.LocalResponseNorm,
        ]
    norm_classes = tuple(norm_classes)

    params = {"other": [], "norm": []}
    params_weight_decay = {"other": weight_decay, "norm": norm_weight_decay}
    custom_keys = []
    if custom_keys_weight_decay is not None:
        for key, wd in custom_keys_weight_decay:
            params[key] = []
            params_weight_decay[key] = wd
            custom_keys.append(key)

    def _add_params(module, prefix=""):
        for name, p in module.named_parameters(recurse=False):
            if not p.requires_grad:
                continue
            is_custom_key = False
            for key in custom_keys:
                target_name = f"{prefix}.{name}" if prefix != "" and "." in key else name
                if key == target_name:
                    params[key].append(p)
                    is_custom_key = True
                    break
            if not is_custom_key:
                if norm_weight_decay is not None and isinstance(module, norm_classes):
                    params["norm"].append(p)
                else:
                    params["other"].append(p)

        for child_name, child_module in module.named_children():
            child_prefix = f"{prefix}.{child_name}" if prefix != "" else child_name
            _add_params(child_module, prefix=child_prefix)

    _add_params(model)

    param_groups = []
    for key in params:
        if len(params[key]) > 0:
            param_groups.append({"params": params[key], "weight_decay": params_weight_decay[key]})
    return param_groups


# ---------------------------------------------------------------- transforms.py
class RandomMixUp(torch.nn.Module):
    def __init__(self, num_classes, p=0.5, alpha=1.0, inplace=False):
        super().__init__()
        if num_classes < 1:
            raise ValueError(f"Please provide a valid positive value for the num_classes. Got num_classes={num_classes}")
        if alpha <= 0:
            raise ValueError("Alpha param can't be zero.")
        self.num_classes = num_classes
        self.p = p
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, batch, target):
        if batch.ndim != 4:
            raise ValueError(f"Batch ndim should be 4. Got {batch.ndim}")
        if target.ndim != 1:
            raise ValueError(f"Target ndim should be 1. Got {target.ndim}")
        if not batch.is_floating_point():
            raise TypeError(f"Batch dtype should be a float tensor. Got {batch.dtype}.")
        if target.dtype != torch.int64:
            raise TypeError(f"Target dtype should be torch.int64. Got {target.dtype}")

        if not self.inplace:
            batch = batch.clone()
            target = target.clone()

        if target.ndim == 1:
            target = torch.nn.functional.one_hot(target, num_classes=self.num_classes).to(dtype=batch.dtype)

        if torch.rand(1).item() >= self.p:
            return batch, target

        # roll the batch by one instead of shuffling it to make the pairs
        batch_rolled = batch.roll(1, 0)
        target_rolled = target.roll(1, 0)

        lambda_param = float(torch._sample_dirichlet(torch.tensor([self.alpha, self.alpha]))[0])
        batch_rolled.mul_(1.0 - lambda_param)
        batch.mul_(lambda_param).add_(batch_rolled)

        target_rolled.mul_(1.0 - lambda_param)
        target.mul_(lambda_param).add_(target_rolled)
        return batch, target

    def __repr__(self):
        return f"{self.__class__.__name__}(num_classes={self.num_classes}, p={self.p}, alpha={self.alpha}, inplace={self.inplace})"


class RandomCutMix(torch.nn.Module):
    def __init__(self, num_classes, p=0.5, alpha=1.0, inplace=False):
        super().__init__()
        if num_classes < 1:
            raise ValueError("Please provide a valid positive value for the num_classes.")
        if alpha <= 0:
            raise ValueError("Alpha param can't be zero.")
        self.num_classes = num_classes
        self.p = p
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, batch, target):
        if not self.inplace:
            batch = batch.clone()
            target = target.clone()

        if target.ndim == 1:
            target = torch.nn.functional.one_hot(target, num_classes=self.num_classes).to(dtype=batch.dtype)

        if torch.rand(1).item() >= self.p:
            return batch, target

        batch_rolled = batch.roll(1, 0)
        target_rolled = target.roll(1, 0)

        lambda_param = float(torch._sample_dirichlet(torch.tensor([self.alpha, self.alpha]))[0])
        _, H, W = TF.get_dimensions(batch)

        r_x = torch.randint(W, (1,))
        r_y = torch.randint(H, (1,))

        r = 0.5 * math.sqrt(1.0 - lambda_param)
        r_w_half = int(r * W)
        r_h_half = int(r * H)

        x1 = int(torch.clamp(r_x - r_w_half, min=0))
        y1 = int(torch.clamp(r_y - r_h_half, min=0))
        x2 = int(torch.clamp(r_x + r_w_half, max=W))
        y2 = int(torch.clamp(r_y + r_h_half, max=H))

        batch[:, :, y1:y2, x1:x2] = batch_rolled[:, :, y1:y2, x1:x2]
        lambda_param = float(1.0 - (x2 - x1) * (y2 - y1) / (W * H))

        target_rolled.mul_(1.0 - lambda_param)
        target.mul_(lambda_param).add_(target_rolled)
        return batch, target

    def __repr__(self):
        return f"{self.__class__.__name__}(num_classes={self.num_classes}, p={self.p}, alpha={self.alpha}, inplace={self.inplace})"


# ---------------------------------------------------------------- ra_sampler.py
class RASampler(torch.utils.data.Sampler):
    """Sampler with repeated augmentation (each sample three times), restricted to one replica's share."""

    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0, repetitions=3):
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.num_samples = int(math.ceil(len(self.dataset) * float(repetitions) / self.num_replicas))
        self.total_size = self.num_samples * self.num_replicas
        self.num_selected_samples = int(math.floor(len(self.dataset) // 16 * 16 / self.num_replicas))
        self.shuffle = shuffle
        self.seed = seed
        self.repetitions = repetitions

    def __iter__(self):
        if self.shuffle:
            g = torch.Generator()
            g.manual_seed(self.seed + self.epoch)
            indices = torch.randperm(len(self.dataset), generator=g).tolist()
        else:
            indices = list(range(len(self.dataset)))

        indices = [ele for ele in indices for i in range(self.repetitions)]
        indices += indices[: (self.total_size - len(indices))]
        assert len(indices) == self.total_size

        indices = indices[self.rank : self.total_size : self.num_replicas]
        assert len(indices) == self.num_samples
        return iter(indices[: self.num_selected_samples])

    def __len__(self):
        return self.num_selected_samples

    def set_epoch(self, epoch):
        self.epoch = epoch


# ---------------------------------------------------------------- train.py
class SmallNet(nn.Module):
    def __init__(self, num_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1, bias=False),
            nn.BatchNorm2d(8),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1, bias=False),
            nn.BatchNorm2d(16),
            nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(1),
        )
        self.norm = nn.LayerNorm(16)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = torch.flatten(self.features(x), 1)
        return self.fc(self.norm(x))


def train_one_epoch(model, criterion, optimizer, data_loader, device, epoch, args, model_ema=None):
    model.train()
    metric_logger = MetricLogger(delimiter="  ")
    metric_logger.add_meter("lr", SmoothedValue(window_size=1, fmt="{value}"))
    metric_logger.add_meter("img/s", SmoothedValue(window_size=10, fmt="{value}"))

    header = f"Epoch: [{epoch}]"
    for i, (image, target) in enumerate(metric_logger.log_every(data_loader, args.print_freq, header)):
        start_time = time.time()
        image, target = image.to(device), target.to(device)
        output = model(image)
        loss = criterion(output, target)

        optimizer.zero_grad()
        loss.backward()
        if args.clip_grad_norm is not None:
            nn.utils.clip_grad_norm_(model.parameters(), args.clip_grad_norm)
        optimizer.step()

        if model_ema and i % args.model_ema_steps == 0:
            model_ema.update_parameters(model)
            if epoch < args.lr_warmup_epochs:
                # Reset ema buffer to keep copying weights during warmup period
                model_ema.n_averaged.fill_(0)

        acc1, acc5 = accuracy(output, target, topk=(1, 2))
        batch_size = image.shape[0]
        metric_logger.update(loss=round(loss.item(), 4), lr=optimizer.param_groups[0]["lr"])
        metric_logger.meters["acc1"].update(round(acc1.item(), 3), n=batch_size)
        metric_logger.meters["acc5"].update(round(acc5.item(), 3), n=batch_size)
        metric_logger.meters["img/s"].update(batch_size / (time.time() - start_time))


def evaluate(model, criterion, data_loader, device, print_freq=100, log_suffix=""):
    model.eval()
    metric_logger = MetricLogger(delimiter="  ")
    header = f"Test: {log_suffix}"

    num_processed_samples = 0
    with torch.inference_mode():
        for image, target in metric_logger.log_every(data_loader, print_freq, header):
            image = image.to(device, non_blocking=True)
            target = target.to(device, non_blocking=True)
            output = model(image)
            loss = criterion(output, target)

            acc1, acc5 = accuracy(output, target, topk=(1, 2))
            batch_size = image.shape[0]
            metric_logger.update(loss=round(loss.item(), 4))
            metric_logger.meters["acc1"].update(round(acc1.item(), 3), n=batch_size)
            metric_logger.meters["acc5"].update(round(acc5.item(), 3), n=batch_size)
            num_processed_samples += batch_size

    print(f"{header} Acc@1 {metric_logger.acc1.global_avg:.3f} Acc@5 {metric_logger.acc5.global_avg:.3f}")
    return metric_logger.acc1.global_avg


def load_data(args):
    normalize = torchvision.transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_tf = torchvision.transforms.Compose(
        [torchvision.transforms.RandomHorizontalFlip(0.5), torchvision.transforms.ToTensor(), normalize]
    )
    test_tf = torchvision.transforms.Compose([torchvision.transforms.ToTensor(), normalize])
    dataset = torchvision.datasets.FakeData(64, (3, 16, 16), 4, transform=train_tf, random_offset=0)
    dataset_test = torchvision.datasets.FakeData(32, (3, 16, 16), 4, transform=test_tf, random_offset=1000)
    if args.ra_sampler:
        train_sampler = RASampler(dataset, num_replicas=1, rank=0, shuffle=True, repetitions=args.ra_reps)
    else:
        train_sampler = torch.utils.data.RandomSampler(dataset)
    test_sampler = torch.utils.data.SequentialSampler(dataset_test)
    return dataset, dataset_test, train_sampler, test_sampler


def main(args):
    if args.output_dir:
        mkdir(args.output_dir)
    print({k: v for k, v in vars(args).items() if k not in ("output_dir", "resume")})
    device = torch.device(args.device)
    torch.manual_seed(0)

    dataset, dataset_test, train_sampler, test_sampler = load_data(args)
    num_classes = 4

    mixup_transforms = []
    if args.mixup_alpha > 0.0:
        mixup_transforms.append(RandomMixUp(num_classes, p=1.0, alpha=args.mixup_alpha))
    if args.cutmix_alpha > 0.0:
        mixup_transforms.append(RandomCutMix(num_classes, p=1.0, alpha=args.cutmix_alpha))
    collate_fn = None
    if mixup_transforms:
        mixupcutmix = torchvision.transforms.RandomChoice(mixup_transforms)
        print(mixupcutmix)

        def collate_fn(batch):
            return mixupcutmix(*default_collate(batch))

    data_loader = torch.utils.data.DataLoader(
        dataset, batch_size=args.batch_size, sampler=train_sampler, num_workers=args.workers,
        pin_memory=True, collate_fn=collate_fn,
    )
    data_loader_test = torch.utils.data.DataLoader(
        dataset_test, batch_size=args.batch_size, sampler=test_sampler, num_workers=args.workers, pin_memory=True
    )

    print("Creating model")
    model = SmallNet(num_classes=num_classes)
    model.to(device)

    criterion = nn.CrossEntropyLoss(label_smoothing=args.label_smoothing)

    custom_keys_weight_decay = []
    if args.bias_weight_decay is not None:
        custom_keys_weight_decay.append(("bias", args.bias_weight_decay))
    parameters = set_weight_decay(
        model,
        args.weight_decay,
        norm_weight_decay=args.norm_weight_decay,
        custom_keys_weight_decay=custom_keys_weight_decay if len(custom_keys_weight_decay) > 0 else None,
    )
    print("param groups:", [(len(g["params"]), g["weight_decay"]) for g in parameters])

    opt_name = args.opt.lower()
    if opt_name.startswith("sgd"):
        optimizer = torch.optim.SGD(
            parameters, lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay,
            nesterov="nesterov" in opt_name,
        )
    elif opt_name == "adamw":
        optimizer = torch.optim.AdamW(parameters, lr=args.lr, weight_decay=args.weight_decay)
    else:
        raise RuntimeError(f"Invalid optimizer {args.opt}. Only SGD, RMSprop and AdamW are supported.")

    args.lr_scheduler = args.lr_scheduler.lower()
    if args.lr_scheduler == "cosineannealinglr":
        main_lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(
            optimizer, T_max=args.epochs - args.lr_warmup_epochs, eta_min=args.lr_min
        )
    else:
        main_lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=args.lr_step_size, gamma=args.lr_gamma)

    if args.lr_warmup_epochs > 0:
        warmup_lr_scheduler = torch.optim.lr_scheduler.LinearLR(
            optimizer, start_factor=args.lr_warmup_decay, total_iters=args.lr_warmup_epochs
        )
        lr_scheduler = torch.optim.lr_scheduler.SequentialLR(
            optimizer, schedulers=[warmup_lr_scheduler, main_lr_scheduler], milestones=[args.lr_warmup_epochs]
        )
    else:
        lr_scheduler = main_lr_scheduler

    model_without_ddp = model

    model_ema = None
    if args.model_ema:
        adjust = 1 * args.batch_size * args.model_ema_steps / args.epochs
        alpha = 1.0 - args.model_ema_decay
        alpha = min(1.0, alpha * adjust)
        model_ema = ExponentialMovingAverage(model_without_ddp, device=device, decay=1.0 - alpha)
        print(f"ema decay {1.0 - alpha:.6f}")

    if args.resume:
        checkpoint = torch.load(args.resume, map_location="cpu", weights_only=False)
        model_without_ddp.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        lr_scheduler.load_state_dict(checkpoint["lr_scheduler"])
        args.start_epoch = checkpoint["epoch"] + 1
        if model_ema:
            model_ema.load_state_dict(checkpoint["model_ema"])
        print(f"resumed at epoch {args.start_epoch}, lr {optimizer.param_groups[0]['lr']:.6f}")

    print("Start training")
    for epoch in range(args.start_epoch, args.epochs):
        if args.ra_sampler:
            train_sampler.set_epoch(epoch)
        train_one_epoch(model, criterion, optimizer, data_loader, device, epoch, args, model_ema)
        lr_scheduler.step()
        evaluate(model, criterion, data_loader_test, device=device)
        if model_ema:
            evaluate(model_ema, criterion, data_loader_test, device=device, log_suffix="EMA")
        if args.output_dir:
            checkpoint = {
                "model": model_without_ddp.state_dict(),
                "optimizer": optimizer.state_dict(),
                "lr_scheduler": lr_scheduler.state_dict(),
                "epoch": epoch,
                "args": args,
            }
            if model_ema:
                checkpoint["model_ema"] = model_ema.state_dict()
            save_on_master(checkpoint, os.path.join(args.output_dir, f"model_{epoch}.pth"))
            save_on_master(checkpoint, os.path.join(args.output_dir, "checkpoint.pth"))
    return model, model_ema


def get_args_parser(add_help=True):
    parser = argparse.ArgumentParser(description="PyTorch Classification Training", add_help=add_help)
    parser.add_argument("--device", default="cpu", type=str)
    parser.add_argument("-b", "--batch-size", default=16, type=int)
    parser.add_argument("--epochs", default=3, type=int, metavar="N")
    parser.add_argument("-j", "--workers", default=0, type=int, metavar="N")
    parser.add_argument("--opt", default="sgd", type=str)
    parser.add_argument("--lr", default=0.1, type=float)
    parser.add_argument("--momentum", default=0.9, type=float, metavar="M")
    parser.add_argument("--wd", "--weight-decay", default=1e-4, type=float, metavar="W", dest="weight_decay")
    parser.add_argument("--norm-weight-decay", default=None, type=float)
    parser.add_argument("--bias-weight-decay", default=None, type=float)
    parser.add_argument("--label-smoothing", default=0.0, type=float, dest="label_smoothing")
    parser.add_argument("--mixup-alpha", default=0.0, type=float)
    parser.add_argument("--cutmix-alpha", default=0.0, type=float)
    parser.add_argument("--lr-scheduler", default="steplr", type=str)
    parser.add_argument("--lr-warmup-epochs", default=0, type=int)
    parser.add_argument("--lr-warmup-decay", default=0.01, type=float)
    parser.add_argument("--lr-step-size", default=30, type=int)
    parser.add_argument("--lr-gamma", default=0.1, type=float)
    parser.add_argument("--lr-min", default=0.0, type=float)
    parser.add_argument("--print-freq", default=10, type=int)
    parser.add_argument("--output-dir", default=".", type=str)
    parser.add_argument("--resume", default="", type=str)
    parser.add_argument("--start-epoch", default=0, type=int, metavar="N")
    parser.add_argument("--ra-sampler", action="store_true")
    parser.add_argument("--ra-reps", default=3, type=int)
    parser.add_argument("--model-ema", action="store_true")
    parser.add_argument("--model-ema-steps", type=int, default=2)
    parser.add_argument("--model-ema-decay", type=float, default=0.99998)
    parser.add_argument("--clip-grad-norm", default=None, type=float)
    return parser


if __name__ == "__main__":
    random.seed(0)  # RandomChoice picks mixup or cutmix with the random module
    with tempfile.TemporaryDirectory() as out:
        argv = [
            "--opt", "sgd_nesterov", "--lr", "0.05", "--epochs", "3", "--lr-scheduler", "cosineannealinglr",
            "--lr-warmup-epochs", "1", "--label-smoothing", "0.1", "--mixup-alpha", "0.2", "--cutmix-alpha", "1.0",
            "--norm-weight-decay", "0.0", "--bias-weight-decay", "0.0", "--ra-sampler", "--model-ema",
            "--clip-grad-norm", "1.0", "--print-freq", "2", "--output-dir", out,
        ]
        args = get_args_parser().parse_args(argv)
        args.epochs = 2
        model, model_ema = main(args)

        # resume from the saved checkpoint for one more epoch
        args2 = get_args_parser().parse_args(argv + ["--resume", os.path.join(out, "checkpoint.pth")])
        main(args2)

        avg = average_checkpoints([os.path.join(out, "model_0.pth"), os.path.join(out, "model_1.pth")])
        print("averaged keys:", len(avg["model"]), "epoch", avg["epoch"])
        print("tracked batches:", avg["model"]["features.1.num_batches_tracked"].item())
        net = SmallNet()
        net.load_state_dict(avg["model"])
        print(f"averaged fc weight sum {net.fc.weight.sum().item():.4f}")
        path = store_model_weights(SmallNet(), os.path.join(out, "checkpoint.pth"))
        name = os.path.basename(path)
        print(name.startswith("weights-"), len(name), sorted(os.listdir(out))[:3])
