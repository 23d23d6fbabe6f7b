# Real-program corpus (tests/realworld, see README.md): the project layout of victoresque/pytorch-template
# @ 41dc06f6 (train.py, parse_config.py, logger/logger.py + logger_config.json, logger/visualization.py,
# base/base_data_loader.py, base/base_model.py, base/base_trainer.py, trainer/trainer.py, model/model.py,
# model/loss.py, model/metric.py, utils/util.py). Written for Kiln, not copied: a JSON config read with
# `json.load(object_hook=OrderedDict)`, CLI overrides through a namedtuple CustomArgs list and
# `reduce(getitem, keys, tree)` key chains ("optimizer;args;lr"), ConfigParser.init_obj /
# init_ftn building objects by name from modules (`getattr(torch.optim, 'Adam')(params, **args)`),
# save/log directories made with Path.mkdir(parents=True), logging.config.dictConfig with a stdout
# StreamHandler (`ext://sys.stdout`) and a RotatingFileHandler, BaseDataLoader's validation split
# (np.random.seed(0) shuffle, np.delete, SubsetRandomSampler, split_validation), BaseModel.__str__ with
# np.prod parameter counts, a TensorboardWriter wrapper whose __getattr__ returns add_* wrappers (and
# object.__getattr__ for anything else), BaseTrainer's 'min val_loss' monitoring with early stopping,
# checkpoints holding the ConfigParser object itself, and _resume_checkpoint.
# Changes from the origin: the config is a dict written to a temporary config.json (tiny MNIST LeNet,
# 3 epochs, batch 16), MNIST is torchvision FakeData, run ids count run1, run2 (not timestamps), the
# working directory is a temporary one; utils' MetricTracker keeps its pandas DataFrame but writes it
# through .loc (the origin's `self._data[col].values[:] = 0` and `self._data.total[key] += ...` are
# chained assignments that pandas 3's copy-on-write refuses or ignores); logged floats are rounded to 4
# places; torch.load of the checkpoint (which pickles ConfigParser) shows PyTorch 2.6+'s weights_only
# refusal, then resumes with weights_only=False.
import argparse
import collections
import itertools
import json
import logging
import logging.config
import os
import tempfile
import types
from abc import abstractmethod
from collections import OrderedDict
from functools import partial, reduce
from itertools import repeat
from operator import getitem
from pathlib import Path

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
from numpy import inf
from torch.utils.data import DataLoader
from torch.utils.data.dataloader import default_collate
from torch.utils.data.sampler import SubsetRandomSampler
from torchvision import datasets, transforms
from torchvision.utils import make_grid


# ---- utils/util.py ----------------------------------------------------------------------------------
def read_json(fname):
    fname = Path(fname)
    with fname.open('rt') as handle:
        return json.load(handle, object_hook=OrderedDict)


def write_json(content, fname):
    fname = Path(fname)
    with fname.open('wt') as handle:
        json.dump(content, handle, indent=4, sort_keys=False)


def inf_loop(data_loader):
    # an endless data loader, for iteration-based training
    for loader in repeat(data_loader):
        yield from loader


def prepare_device(n_gpu_use):
    n_gpu = torch.cuda.device_count()
    if n_gpu_use > 0 and n_gpu == 0:
        print("Warning: There\'s no GPU available on this machine,"
              "training will be performed on CPU.")
        n_gpu_use = 0
    if n_gpu_use > n_gpu:
        print(f"Warning: The number of GPU\'s configured to use is {n_gpu_use}, but only {n_gpu} are "
              "available on this machine.")
        n_gpu_use = n_gpu
    device = torch.device('cuda:0' if n_gpu_use > 0 else 'cpu')
    list_ids = list(range(n_gpu_use))
    return device, list_ids


class MetricTracker:
    def __init__(self, *keys, writer=None):
        self.writer = writer
        self._data = pd.DataFrame(index=keys, columns=['total', 'counts', 'average'])
        self.reset()

    def reset(self):
        for col in self._data.columns:
            self._data[col] = 0.0

    def update(self, key, value, n=1):
        if self.writer is not None:
            self.writer.add_scalar(key, value)
        self._data.loc[key, 'total'] += value * n
        self._data.loc[key, 'counts'] += n
        self._data.loc[key, 'average'] = self._data.loc[key, 'total'] / self._data.loc[key, 'counts']

    def avg(self, key):
        return self._data.average[key]

    def result(self):
        return dict(self._data.average)


# ---- logger/logger.py -------------------------------------------------------------------------------
LOGGER_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "simple": {"format": "%(message)s"},
        "datetime": {"format": "%(asctime)s - %(name)s - %(levelname)s - %(message)s"}
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "level": "DEBUG", "formatter": "simple",
                    "stream": "ext://sys.stdout"},
        "info_file_handler": {"class": "logging.handlers.RotatingFileHandler", "level": "INFO",
                              "formatter": "datetime", "filename": "info.log", "maxBytes": 10485760,
                              "backupCount": 20, "encoding": "utf8"}
    },
    "root": {"level": "INFO", "handlers": ["console", "info_file_handler"]}
}


def setup_logging(save_dir, log_config='logger/logger_config.json', default_level=logging.INFO):
    log_config = Path(log_config)
    if log_config.is_file():
        config = read_json(log_config)
        # the log files go to the run's log directory
        for _, handler in config['handlers'].items():
            if 'filename' in handler:
                handler['filename'] = str(save_dir / handler['filename'])
        logging.config.dictConfig(config)
    else:
        print("Warning: logging configuration file is not found in {}.".format(log_config))
        logging.basicConfig(level=default_level)


# ---- logger/visualization.py ------------------------------------------------------------------------
class TensorboardWriter():
    def __init__(self, log_dir, logger, enabled):
        self.writer = None
        self.selected_module = ""
        if enabled:
            log_dir = str(log_dir)
            succeeded = False
            for module in ["torch.utils.tensorboard", "tensorboardX"]:
                try:
                    self.writer = __import__(module, fromlist=['SummaryWriter']).SummaryWriter(log_dir)
                    succeeded = True
                    break
                except ImportError:
                    succeeded = False
                self.selected_module = module
            if not succeeded:
                logger.warning("Warning: visualization (Tensorboard) is configured to use, but currently not "
                               "installed on this machine.")
        self.step = 0
        self.mode = ''
        self.tb_writer_ftns = {
            'add_scalar', 'add_scalars', 'add_image', 'add_images', 'add_audio',
            'add_text', 'add_histogram', 'add_pr_curve', 'add_embedding'
        }
        self.tag_mode_exceptions = {'add_histogram', 'add_embedding'}

    def set_step(self, step, mode='train'):
        self.mode = mode
        self.step = step

    def __getattr__(self, name):
        # add_* calls go to the SummaryWriter with the step and a train/valid tag suffix
        if name in self.tb_writer_ftns:
            add_data = getattr(self.writer, name, None)

            def wrapper(tag, data, *args, **kwargs):
                if add_data is not None:
                    if name not in self.tag_mode_exceptions:
                        tag = '{}/{}'.format(tag, self.mode)
                    add_data(tag, data, self.step, *args, **kwargs)
            return wrapper
        else:
            try:
                attr = object.__getattr__(name)
            except AttributeError:
                raise AttributeError("type object '{}' has no attribute '{}'".format(self.selected_module, name))
            return attr


# ---- parse_config.py --------------------------------------------------------------------------------
_RUN_IDS = itertools.count(1)  # stands for the origin's datetime.now().strftime(r'%m%d_%H%M%S') run ids


class ConfigParser:
    def __init__(self, config, resume=None, modification=None, run_id=None):
        self._config = _update_config(config, modification)
        self.resume = resume
        save_dir = Path(self.config['trainer']['save_dir'])
        exper_name = self.config['name']
        if run_id is None:
            run_id = 'run{}'.format(next(_RUN_IDS))
        self._save_dir = save_dir / 'models' / exper_name / run_id
        self._log_dir = save_dir / 'log' / exper_name / run_id
        exist_ok = run_id == ''
        self.save_dir.mkdir(parents=True, exist_ok=exist_ok)
        self.log_dir.mkdir(parents=True, exist_ok=exist_ok)
        write_json(self.config, self.save_dir / 'config.json')
        setup_logging(self.log_dir)
        self.log_levels = {
            0: logging.WARNING,
            1: logging.INFO,
            2: logging.DEBUG
        }

    @classmethod
    def from_args(cls, args, options='', argv=None):
        for opt in options:
            args.add_argument(*opt.flags, default=None, type=opt.type)
        if not isinstance(args, tuple):
            args = args.parse_args(argv)
        if args.device is not None:
            os.environ["CUDA_VISIBLE_DEVICES"] = args.device
        if args.resume is not None:
            resume = Path(args.resume)
            cfg_fname = resume.parent / 'config.json'
        else:
            msg_no_cfg = "Configuration file need to be specified. Add '-c config.json', for example."
            assert args.config is not None, msg_no_cfg
            resume = None
            cfg_fname = Path(args.config)
        config = read_json(cfg_fname)
        if args.config and resume:
            config.update(read_json(args.config))
        modification = {opt.target: getattr(args, _get_opt_name(opt.flags)) for opt in options}
        return cls(config, resume, modification)

    def init_obj(self, name, module, *args, **kwargs):
        # `module.<config[name]['type']>(*args, **config[name]['args'], **kwargs)`
        module_name = self[name]['type']
        module_args = dict(self[name]['args'])
        assert all([k not in module_args for k in kwargs]), 'Overwriting kwargs given in config file is not allowed'
        module_args.update(kwargs)
        return getattr(module, module_name)(*args, **module_args)

    def init_ftn(self, name, module, *args, **kwargs):
        module_name = self[name]['type']
        module_args = dict(self[name]['args'])
        assert all([k not in module_args for k in kwargs]), 'Overwriting kwargs given in config file is not allowed'
        module_args.update(kwargs)
        return partial(getattr(module, module_name), *args, **module_args)

    def __getitem__(self, name):
        return self.config[name]

    def get_logger(self, name, verbosity=2):
        msg_verbosity = 'verbosity option {} is invalid. Valid options are {}.'.format(verbosity,
                                                                                      self.log_levels.keys())
        assert verbosity in self.log_levels, msg_verbosity
        logger = logging.getLogger(name)
        logger.setLevel(self.log_levels[verbosity])
        return logger

    @property
    def config(self):
        return self._config

    @property
    def save_dir(self):
        return self._save_dir

    @property
    def log_dir(self):
        return self._log_dir


def _update_config(config, modification):
    if modification is None:
        return config
    for k, v in modification.items():
        if v is not None:
            _set_by_path(config, k, v)
    return config


def _get_opt_name(flags):
    for flg in flags:
        if flg.startswith('--'):
            return flg.replace('--', '')
    return flags[0].replace('--', '')


def _set_by_path(tree, keys, value):
    keys = keys.split(';')
    _get_by_path(tree, keys[:-1])[keys[-1]] = value


def _get_by_path(tree, keys):
    return reduce(getitem, keys, tree)


# ---- base/ ------------------------------------------------------------------------------------------
class BaseDataLoader(DataLoader):
    def __init__(self, dataset, batch_size, shuffle, validation_split, num_workers, collate_fn=default_collate):
        self.validation_split = validation_split
        self.shuffle = shuffle
        self.batch_idx = 0
        self.n_samples = len(dataset)
        self.sampler, self.valid_sampler = self._split_sampler(self.validation_split)
        self.init_kwargs = {
            'dataset': dataset,
            'batch_size': batch_size,
            'shuffle': self.shuffle,
            'collate_fn': collate_fn,
            'num_workers': num_workers
        }
        super().__init__(sampler=self.sampler, **self.init_kwargs)

    def _split_sampler(self, split):
        if split == 0.0:
            return None, None
        idx_full = np.arange(self.n_samples)
        np.random.seed(0)
        np.random.shuffle(idx_full)
        if isinstance(split, int):
            assert split > 0
            assert split < self.n_samples, "validation set size is configured to be larger than entire dataset."
            len_valid = split
        else:
            len_valid = int(self.n_samples * split)
        valid_idx = idx_full[0:len_valid]
        train_idx = np.delete(idx_full, np.arange(0, len_valid))
        train_sampler = SubsetRandomSampler(train_idx)
        valid_sampler = SubsetRandomSampler(valid_idx)
        # a sampler excludes shuffle
        self.shuffle = False
        self.n_samples = len(train_idx)
        return train_sampler, valid_sampler

    def split_validation(self):
        if self.valid_sampler is None:
            return None
        else:
            return DataLoader(sampler=self.valid_sampler, **self.init_kwargs)


class BaseModel(nn.Module):
    @abstractmethod
    def forward(self, *inputs):
        raise NotImplementedError

    def __str__(self):
        model_parameters = filter(lambda p: p.requires_grad, self.parameters())
        params = sum([np.prod(p.size()) for p in model_parameters])
        return super().__str__() + '\nTrainable parameters: {}'.format(params)


class BaseTrainer:
    def __init__(self, model, criterion, metric_ftns, optimizer, config):
        self.config = config
        self.logger = config.get_logger('trainer', config['trainer']['verbosity'])
        self.model = model
        self.criterion = criterion
        self.metric_ftns = metric_ftns
        self.optimizer = optimizer
        cfg_trainer = config['trainer']
        self.epochs = cfg_trainer['epochs']
        self.save_period = cfg_trainer['save_period']
        self.monitor = cfg_trainer.get('monitor', 'off')
        if self.monitor == 'off':
            self.mnt_mode = 'off'
            self.mnt_best = 0
        else:
            self.mnt_mode, self.mnt_metric = self.monitor.split()
            assert self.mnt_mode in ['min', 'max']
            self.mnt_best = inf if self.mnt_mode == 'min' else -inf
            self.early_stop = cfg_trainer.get('early_stop', inf)
            if self.early_stop <= 0:
                self.early_stop = inf
        self.start_epoch = 1
        self.checkpoint_dir = config.save_dir
        self.writer = TensorboardWriter(config.log_dir, self.logger, cfg_trainer['tensorboard'])
        if config.resume is not None:
            self._resume_checkpoint(config.resume)

    @abstractmethod
    def _train_epoch(self, epoch):
        raise NotImplementedError

    def train(self):
        not_improved_count = 0
        for epoch in range(self.start_epoch, self.epochs + 1):
            result = self._train_epoch(epoch)
            log = {'epoch': epoch}
            log.update(result)
            for key, value in log.items():
                shown = round(value, 4) if isinstance(value, float) else value
                self.logger.info('    {:15s}: {}'.format(str(key), shown))
            best = False
            if self.mnt_mode != 'off':
                try:
                    improved = (self.mnt_mode == 'min' and log[self.mnt_metric] <= self.mnt_best) or \
                               (self.mnt_mode == 'max' and log[self.mnt_metric] >= self.mnt_best)
                except KeyError:
                    self.logger.warning("Warning: Metric '{}' is not found. "
                                        "Model performance monitoring is disabled.".format(self.mnt_metric))
                    self.mnt_mode = 'off'
                    improved = False
                if improved:
                    self.mnt_best = log[self.mnt_metric]
                    not_improved_count = 0
                    best = True
                else:
                    not_improved_count += 1
                if not_improved_count > self.early_stop:
                    self.logger.info("Validation performance didn\'t improve for {} epochs. "
                                     "Training stops.".format(self.early_stop))
                    break
            if epoch % self.save_period == 0:
                self._save_checkpoint(epoch, save_best=best)

    def _save_checkpoint(self, epoch, save_best=False):
        arch = type(self.model).__name__
        state = {
            'arch': arch,
            'epoch': epoch,
            'state_dict': self.model.state_dict(),
            'optimizer': self.optimizer.state_dict(),
            'monitor_best': self.mnt_best,
            'config': self.config
        }
        filename = str(self.checkpoint_dir / 'checkpoint-epoch{}.pth'.format(epoch))
        torch.save(state, filename)
        self.logger.info("Saving checkpoint: {} ...".format(os.path.relpath(filename)))
        if save_best:
            best_path = str(self.checkpoint_dir / 'model_best.pth')
            torch.save(state, best_path)
            self.logger.info("Saving current best: model_best.pth ...")

    def _resume_checkpoint(self, resume_path):
        resume_path = str(resume_path)
        self.logger.info("Loading checkpoint: {} ...".format(os.path.relpath(resume_path)))
        try:
            checkpoint = torch.load(resume_path)
        except Exception as e:
            # PyTorch 2.6+ loads with weights_only=True: the pickled ConfigParser is refused
            self.logger.info("torch.load refused: {}, first unsupported global {}".format(
                type(e).__name__, str(e).split('GLOBAL ')[1].split(' ')[0]))
            checkpoint = torch.load(resume_path, weights_only=False)
        self.start_epoch = checkpoint['epoch'] + 1
        self.mnt_best = checkpoint['monitor_best']
        if checkpoint['config']['arch'] != self.config['arch']:
            self.logger.warning("Warning: Architecture configuration given in config file is different from that of "
                                "checkpoint. This may yield an exception while state_dict is being loaded.")
        self.model.load_state_dict(checkpoint['state_dict'])
        if checkpoint['config']['optimizer']['type'] != self.config['optimizer']['type']:
            self.logger.warning("Warning: Optimizer type given in config file is different from that of checkpoint. "
                                "Optimizer parameters not being resumed.")
        else:
            self.optimizer.load_state_dict(checkpoint['optimizer'])
        self.logger.info("Checkpoint loaded. Resume training from epoch {}".format(self.start_epoch))


# ---- trainer/trainer.py -----------------------------------------------------------------------------
class Trainer(BaseTrainer):
    def __init__(self, model, criterion, metric_ftns, optimizer, config, device,
                 data_loader, valid_data_loader=None, lr_scheduler=None, len_epoch=None):
        super().__init__(model, criterion, metric_ftns, optimizer, config)
        self.config = config
        self.device = device
        self.data_loader = data_loader
        if len_epoch is None:
            self.len_epoch = len(self.data_loader)
        else:
            self.data_loader = inf_loop(data_loader)
            self.len_epoch = len_epoch
        self.valid_data_loader = valid_data_loader
        self.do_validation = self.valid_data_loader is not None
        self.lr_scheduler = lr_scheduler
        self.log_step = int(np.sqrt(data_loader.batch_size))
        self.train_metrics = MetricTracker('loss', *[m.__name__ for m in self.metric_ftns], writer=self.writer)
        self.valid_metrics = MetricTracker('loss', *[m.__name__ for m in self.metric_ftns], writer=self.writer)

    def _train_epoch(self, epoch):
        self.model.train()
        self.train_metrics.reset()
        for batch_idx, (data, target) in enumerate(self.data_loader):
            data, target = data.to(self.device), target.to(self.device)
            self.optimizer.zero_grad()
            output = self.model(data)
            loss = self.criterion(output, target)
            loss.backward()
            self.optimizer.step()
            self.writer.set_step((epoch - 1) * self.len_epoch + batch_idx)
            self.train_metrics.update('loss', loss.item())
            for met in self.metric_ftns:
                self.train_metrics.update(met.__name__, met(output, target))
            if batch_idx % self.log_step == 0:
                self.logger.debug('Train Epoch: {} {} Loss: {:.4f}'.format(
                    epoch, self._progress(batch_idx), loss.item()))
                self.writer.add_image('input', make_grid(data.cpu(), nrow=8, normalize=True))
            if batch_idx == self.len_epoch:
                break
        log = self.train_metrics.result()
        if self.do_validation:
            val_log = self._valid_epoch(epoch)
            log.update(**{'val_' + k: v for k, v in val_log.items()})
        if self.lr_scheduler is not None:
            self.lr_scheduler.step()
        return log

    def _valid_epoch(self, epoch):
        self.model.eval()
        self.valid_metrics.reset()
        with torch.no_grad():
            for batch_idx, (data, target) in enumerate(self.valid_data_loader):
                data, target = data.to(self.device), target.to(self.device)
                output = self.model(data)
                loss = self.criterion(output, target)
                self.writer.set_step((epoch - 1) * len(self.valid_data_loader) + batch_idx, 'valid')
                self.valid_metrics.update('loss', loss.item())
                for met in self.metric_ftns:
                    self.valid_metrics.update(met.__name__, met(output, target))
                self.writer.add_image('input', make_grid(data.cpu(), nrow=8, normalize=True))
        for name, p in self.model.named_parameters():
            self.writer.add_histogram(name, p, bins='auto')
        return self.valid_metrics.result()

    def _progress(self, batch_idx):
        base = '[{}/{} ({:.0f}%)]'
        if hasattr(self.data_loader, 'n_samples'):
            current = batch_idx * self.data_loader.batch_size
            total = self.data_loader.n_samples
        else:
            current = batch_idx
            total = self.len_epoch
        return base.format(current, total, 100.0 * current / total)


# ---- model/ and data_loader/ as the modules train.py looks names up in ------------------------------
class MnistModel(BaseModel):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, num_classes)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def nll_loss(output, target):
    return F.nll_loss(output, target)


def accuracy(output, target):
    with torch.no_grad():
        pred = torch.argmax(output, dim=1)
        assert pred.shape[0] == len(target)
        correct = 0
        correct += torch.sum(pred == target).item()
    return correct / len(target)


def top_k_acc(output, target, k=3):
    with torch.no_grad():
        pred = torch.topk(output, k, dim=1)[1]
        assert pred.shape[0] == len(target)
        correct = 0
        for i in range(k):
            correct += torch.sum(pred[:, i] == target).item()
    return correct / len(target)


class MnistDataLoader(BaseDataLoader):
    def __init__(self, data_dir, batch_size, shuffle=True, validation_split=0.0, num_workers=1, training=True):
        trsfm = transforms.Compose([
            transforms.ToTensor(),
            transforms.Normalize((0.1307,), (0.3081,))
        ])
        self.data_dir = data_dir
        self.dataset = datasets.FakeData(size=48, image_size=(1, 28, 28), num_classes=10, transform=trsfm)
        super().__init__(self.dataset, batch_size, shuffle, validation_split, num_workers)


module_arch = types.ModuleType('model.model')
module_arch.MnistModel = MnistModel
module_loss = types.ModuleType('model.loss')
module_loss.nll_loss = nll_loss
module_metric = types.ModuleType('model.metric')
module_metric.accuracy, module_metric.top_k_acc = accuracy, top_k_acc
module_data = types.ModuleType('data_loader.data_loaders')
module_data.MnistDataLoader = MnistDataLoader


# ---- train.py ---------------------------------------------------------------------------------------
SEED = 123
torch.manual_seed(SEED)
torch.backends.cudnn.deterministic = True
torch.backends.cudnn.benchmark = False
np.random.seed(SEED)


def main(config, resume_epochs=None):
    logger = config.get_logger('train')
    data_loader = config.init_obj('data_loader', module_data)
    valid_data_loader = data_loader.split_validation()
    model = config.init_obj('arch', module_arch)
    logger.info(model)
    device, device_ids = prepare_device(config['n_gpu'])
    model = model.to(device)
    criterion = getattr(module_loss, config['loss'])
    metrics = [getattr(module_metric, met) for met in config['metrics']]
    trainable_params = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = config.init_obj('optimizer', torch.optim, trainable_params)
    lr_scheduler = config.init_obj('lr_scheduler', torch.optim.lr_scheduler, optimizer)
    trainer = Trainer(model, criterion, metrics, optimizer, config=config, device=device,
                      data_loader=data_loader, valid_data_loader=valid_data_loader, lr_scheduler=lr_scheduler)
    if resume_epochs is not None:
        trainer.epochs = resume_epochs
    trainer.train()
    return trainer


if __name__ == '__main__':
    workdir = tempfile.mkdtemp()
    os.chdir(workdir)
    os.makedirs('logger')
    with open('logger/logger_config.json', 'w') as f:
        json.dump(LOGGER_CONFIG, f, indent=4)
    config_json = {
        "name": "Mnist_LeNet",
        "n_gpu": 1,
        "arch": {"type": "MnistModel", "args": {}},
        "data_loader": {"type": "MnistDataLoader",
                        "args": {"data_dir": "data/", "batch_size": 128, "shuffle": True,
                                 "validation_split": 0.25, "num_workers": 0}},
        "optimizer": {"type": "Adam", "args": {"lr": 0.001, "weight_decay": 0, "amsgrad": True}},
        "loss": "nll_loss",
        "metrics": ["accuracy", "top_k_acc"],
        "lr_scheduler": {"type": "StepLR", "args": {"step_size": 2, "gamma": 0.1}},
        "trainer": {"epochs": 3, "save_dir": "saved/", "save_period": 1, "verbosity": 2,
                    "monitor": "min val_loss", "early_stop": 1, "tensorboard": True}
    }
    with open('config.json', 'w') as f:
        json.dump(config_json, f, indent=4)

    args = argparse.ArgumentParser(description='PyTorch Template')
    args.add_argument('-c', '--config', default=None, type=str, help='config file path (default: None)')
    args.add_argument('-r', '--resume', default=None, type=str, help='path to latest checkpoint (default: None)')
    args.add_argument('-d', '--device', default=None, type=str, help='indices of GPUs to enable (default: all)')
    CustomArgs = collections.namedtuple('CustomArgs', 'flags type target')
    options = [
        CustomArgs(['--lr', '--learning_rate'], type=float, target='optimizer;args;lr'),
        CustomArgs(['--bs', '--batch_size'], type=int, target='data_loader;args;batch_size')
    ]
    config = ConfigParser.from_args(args, options, argv=['-c', 'config.json', '--bs', '16', '--lr', '0.003'])
    print('batch size:', config['data_loader']['args']['batch_size'], 'lr:', config['optimizer']['args']['lr'])
    print('config type:', type(config.config).__name__, list(config.config.keys())[:3])
    print('saved config:', sorted(os.listdir(config.save_dir)), 'log dir:', sorted(os.listdir(config.log_dir)))
    sched_factory = config.init_ftn('lr_scheduler', torch.optim.lr_scheduler)
    print('init_ftn:', type(sched_factory).__name__, sched_factory.func.__name__, sched_factory.keywords)

    trainer = main(config)
    print('checkpoints:', sorted(os.listdir(config.save_dir)))
    print('best val_loss: %.4f' % trainer.mnt_best, 'lr now:', trainer.optimizer.param_groups[0]['lr'])
    try:
        trainer.writer.flush_all
    except AttributeError as e:
        print('AttributeError:', e)
    with open(config.log_dir / 'info.log') as f:
        lines = f.read().splitlines()
    print('info.log lines:', len(lines), 'last ends with:', lines[-1].split(' - ')[-1])

    resume_args = argparse.ArgumentParser(description='PyTorch Template')
    resume_args.add_argument('-c', '--config', default=None, type=str)
    resume_args.add_argument('-r', '--resume', default=None, type=str)
    resume_args.add_argument('-d', '--device', default=None, type=str)
    ckpt = str(config.save_dir / 'checkpoint-epoch2.pth')
    resumed = ConfigParser.from_args(resume_args, [], argv=['-r', ckpt])
    print('resume from:', os.path.relpath(str(resumed.resume)), 'new run dir:', os.path.relpath(str(resumed.save_dir)))
    trainer = main(resumed)
    print('resumed start epoch:', trainer.start_epoch, 'checkpoints:', sorted(os.listdir(resumed.save_dir)))
