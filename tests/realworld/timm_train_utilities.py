# Real-program corpus (tests/realworld, see README.md): the utilities around timm's train.py, as in
# huggingface/pytorch-image-models timm/utils/misc.py, log.py, summary.py, metrics.py, model.py
# (unwrap_model, get_state_dict), model_ema.py, checkpoint_saver.py, timm/layers/helpers.py and
# timm/scheduler/scheduler.py, cosine_lr.py @ aa4b5850c1543fa488abf260f18390eda46cf85d: natural_key
# sorting, add_bool_arg mutually exclusive --x/--no-x flags, ParseKwargs (an argparse.Action with
# ast.literal_eval), FormatterNoInfo and setup_default_logging, get_outdir/update_summary (csv.DictWriter
# appending), AverageMeter and top-k accuracy, to_2tuple/make_divisible, ModelEmaV2/V3 (deepcopy, decay
# warmup), the ABC Scheduler with CosineLRScheduler warmup, and CheckpointSaver (top-n by metric with
# operator.lt/gt, os.link duplicates, os.replace, recovery files found by glob). Written for Kiln, not
# copied. Changes: the files live in one program, wandb is optional as in the original; the run
# happens inside a temporary directory (os.chdir) so logged paths are relative.
import argparse, ast, re, csv, os, glob, shutil, operator, logging, logging.handlers, math
from collections import OrderedDict
from copy import deepcopy
from typing import Any, Dict, List, Optional, Tuple, Union
from itertools import repeat
import collections.abc
import abc
from abc import ABC
import numpy as np
import torch
import torch.nn as nn
' Misc utils\n\nHacked together by / Copyright 2020 Ross Wightman\n'

def natural_key(string_):
    return [int(s) if s.isdigit() else s for s in re.split('(\\d+)', string_.lower())]

def add_bool_arg(parser, name, default=False, help=''):
    dest_name = name.replace('-', '_')
    group = parser.add_mutually_exclusive_group(required=False)
    group.add_argument('--' + name, dest=dest_name, action='store_true', help=help)
    group.add_argument('--no-' + name, dest=dest_name, action='store_false', help=help)
    parser.set_defaults(**{dest_name: default})

class ParseKwargs(argparse.Action):

    def __call__(self, parser, namespace, values, option_string=None):
        kw = {}
        for value in values:
            if not value:
                continue
            key, value = value.split('=')
            try:
                kw[key] = ast.literal_eval(value)
            except ValueError:
                kw[key] = str(value)
        setattr(namespace, self.dest, kw)
' Logging helpers\n\nHacked together by / Copyright 2020 Ross Wightman\n'

class FormatterNoInfo(logging.Formatter):

    def __init__(self, fmt='%(levelname)s: %(message)s'):
        logging.Formatter.__init__(self, fmt)

    def format(self, record):
        if record.levelno == logging.INFO:
            return str(record.getMessage())
        return logging.Formatter.format(self, record)

def setup_default_logging(default_level=logging.INFO, log_path=''):
    console_handler = logging.StreamHandler()
    console_handler.setFormatter(FormatterNoInfo())
    logging.root.addHandler(console_handler)
    logging.root.setLevel(default_level)
    if log_path:
        file_handler = logging.handlers.RotatingFileHandler(log_path, maxBytes=1024 ** 2 * 2, backupCount=3)
        file_formatter = logging.Formatter('%(asctime)s - %(name)20s: [%(levelname)8s] - %(message)s')
        file_handler.setFormatter(file_formatter)
        logging.root.addHandler(file_handler)
' Summary utilities\n\nHacked together by / Copyright 2020 Ross Wightman\n'
try:
    import wandb
except ImportError:
    pass

def get_outdir(path, *paths, inc=False):
    outdir = os.path.join(path, *paths)
    if not os.path.exists(outdir):
        os.makedirs(outdir)
    elif inc:
        count = 1
        outdir_inc = outdir + '-' + str(count)
        while os.path.exists(outdir_inc):
            count = count + 1
            outdir_inc = outdir + '-' + str(count)
            assert count < 100
        outdir = outdir_inc
        os.makedirs(outdir)
    return outdir

def update_summary(epoch, train_metrics, eval_metrics, filename, lr=None, write_header=False, log_wandb=False):
    rowd = OrderedDict(epoch=epoch)
    rowd.update([('train_' + k, v) for k, v in train_metrics.items()])
    if eval_metrics:
        rowd.update([('eval_' + k, v) for k, v in eval_metrics.items()])
    if lr is not None:
        rowd['lr'] = lr
    if log_wandb:
        wandb.log(rowd)
    with open(filename, mode='a') as cf:
        dw = csv.DictWriter(cf, fieldnames=rowd.keys())
        if write_header:
            dw.writeheader()
        dw.writerow(rowd)
' Eval metrics and related\n\nHacked together by / Copyright 2020 Ross Wightman\n'

class AverageMeter:

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
        self.avg = self.sum / self.count if self.count else 0

def accuracy(output, target, topk=(1,)):
    maxk = min(max(topk), output.size()[1])
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.reshape(1, -1).expand_as(pred))
    return [correct[:min(k, maxk)].reshape(-1).float().sum(0) * 100.0 / batch_size for k in topk]
' Layer/Module Helpers\n\nHacked together by / Copyright 2020 Ross Wightman\n'

def _ntuple(n):

    def parse(x):
        if isinstance(x, collections.abc.Iterable) and (not isinstance(x, str)):
            return tuple(x)
        return tuple(repeat(x, n))
    return parse
to_1tuple = _ntuple(1)
to_2tuple = _ntuple(2)
to_3tuple = _ntuple(3)
to_4tuple = _ntuple(4)
to_ntuple = _ntuple

def make_divisible(v, divisor=8, min_value=None, round_limit=0.9):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < round_limit * v:
        new_v += divisor
    return new_v

def extend_tuple(x, n):
    if not isinstance(x, (tuple, list)):
        x = (x,)
    else:
        x = tuple(x)
    pad_n = n - len(x)
    if pad_n <= 0:
        return x[:n]
    return x + (x[-1],) * pad_n
' Exponential Moving Average (EMA) of model updates\n\nHacked together by / Copyright 2020 Ross Wightman\n'
_logger = logging.getLogger(__name__)

class ModelEma:

    def __init__(self, model, decay=0.9999, device='', resume=''):
        self.ema = deepcopy(model)
        self.ema.eval()
        self.decay = decay
        self.device = device
        if device:
            self.ema.to(device=device)
        self.ema_has_module = hasattr(self.ema, 'module')
        if resume:
            self._load_checkpoint(resume)
        for p in self.ema.parameters():
            p.requires_grad_(False)

    def _load_checkpoint(self, checkpoint_path):
        from timm.models._helpers import _torch_load
        checkpoint = _torch_load(checkpoint_path, map_location='cpu', weights_only=True)
        assert isinstance(checkpoint, dict)
        if 'state_dict_ema' in checkpoint:
            new_state_dict = OrderedDict()
            for k, v in checkpoint['state_dict_ema'].items():
                if self.ema_has_module:
                    name = 'module.' + k if not k.startswith('module') else k
                else:
                    name = k
                new_state_dict[name] = v
            self.ema.load_state_dict(new_state_dict)
            _logger.info('Loaded state_dict_ema')
        else:
            _logger.warning('Failed to find state_dict_ema, starting from loaded model weights')

    def update(self, model):
        needs_module = hasattr(model, 'module') and (not self.ema_has_module)
        with torch.no_grad():
            msd = model.state_dict()
            for k, ema_v in self.ema.state_dict().items():
                if needs_module:
                    k = 'module.' + k
                model_v = msd[k].detach()
                if self.device:
                    model_v = model_v.to(device=self.device)
                ema_v.copy_(ema_v * self.decay + (1.0 - self.decay) * model_v)

class ModelEmaV2(nn.Module):

    def __init__(self, model, decay=0.9999, device=None):
        super().__init__()
        self.module = deepcopy(model)
        self.module.eval()
        self.decay = decay
        self.device = device
        if self.device is not None:
            self.module.to(device=device)

    def _update(self, model, update_fn):
        with torch.no_grad():
            for ema_v, model_v in zip(self.module.state_dict().values(), model.state_dict().values()):
                if self.device is not None:
                    model_v = model_v.to(device=self.device)
                ema_v.copy_(update_fn(ema_v, model_v))

    def update(self, model):
        self._update(model, update_fn=lambda e, m: self.decay * e + (1.0 - self.decay) * m)

    def set(self, model):
        self._update(model, update_fn=lambda e, m: m)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

class ModelEmaV3(nn.Module):

    def __init__(self, model, decay: float=0.9999, min_decay: float=0.0, update_after_step: int=0, use_warmup: bool=False, warmup_gamma: float=1.0, warmup_power: float=2 / 3, device: Optional[torch.device]=None, foreach: bool=True, exclude_buffers: bool=False):
        super().__init__()
        self.module = deepcopy(model)
        self.module.eval()
        self.decay = decay
        self.min_decay = min_decay
        self.update_after_step = update_after_step
        self.use_warmup = use_warmup
        self.warmup_gamma = warmup_gamma
        self.warmup_power = warmup_power
        self.foreach = foreach
        self.device = device
        self.exclude_buffers = exclude_buffers
        if self.device is not None and device != next(model.parameters()).device:
            self.foreach = False
            self.module.to(device=device)

    def get_decay(self, step: Optional[int]=None) -> float:
        if step is None:
            return self.decay
        step = max(0, step - self.update_after_step - 1)
        if step <= 0:
            return 0.0
        if self.use_warmup:
            decay = 1 - (1 + step / self.warmup_gamma) ** (-self.warmup_power)
            decay = max(min(decay, self.decay), self.min_decay)
        else:
            decay = self.decay
        return decay

    @torch.no_grad()
    def update(self, model, step: Optional[int]=None):
        decay = self.get_decay(step)
        if self.exclude_buffers:
            self.apply_update_no_buffers_(model, decay)
        else:
            self.apply_update_(model, decay)

    def apply_update_(self, model, decay: float):
        if self.foreach:
            ema_lerp_values = []
            model_lerp_values = []
            for ema_v, model_v in zip(self.module.state_dict().values(), model.state_dict().values()):
                if ema_v.is_floating_point():
                    ema_lerp_values.append(ema_v)
                    model_lerp_values.append(model_v)
                else:
                    ema_v.copy_(model_v)
            if hasattr(torch, '_foreach_lerp_'):
                torch._foreach_lerp_(ema_lerp_values, model_lerp_values, weight=1.0 - decay)
            else:
                torch._foreach_mul_(ema_lerp_values, scalar=decay)
                torch._foreach_add_(ema_lerp_values, model_lerp_values, alpha=1.0 - decay)
        else:
            for ema_v, model_v in zip(self.module.state_dict().values(), model.state_dict().values()):
                if ema_v.is_floating_point():
                    ema_v.lerp_(model_v.to(device=self.device), weight=1.0 - decay)
                else:
                    ema_v.copy_(model_v.to(device=self.device))

    def apply_update_no_buffers_(self, model, decay: float):
        ema_params = tuple(self.module.parameters())
        model_params = tuple(model.parameters())
        if self.foreach:
            if hasattr(torch, '_foreach_lerp_'):
                torch._foreach_lerp_(ema_params, model_params, weight=1.0 - decay)
            else:
                torch._foreach_mul_(ema_params, scalar=decay)
                torch._foreach_add_(ema_params, model_params, alpha=1 - decay)
        else:
            for ema_p, model_p in zip(ema_params, model_params):
                ema_p.lerp_(model_p.to(device=self.device), weight=1.0 - decay)
        for ema_b, model_b in zip(self.module.buffers(), model.buffers()):
            ema_b.copy_(model_b.to(device=self.device))

    @torch.no_grad()
    def set(self, model):
        for ema_v, model_v in zip(self.module.state_dict().values(), model.state_dict().values()):
            ema_v.copy_(model_v.to(device=self.device))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

class Scheduler(ABC):

    def __init__(self, optimizer: torch.optim.Optimizer, param_group_field: str, t_in_epochs: bool=True, noise_range_t: Union[List[int], Tuple[int, int], int, None]=None, noise_type: str='normal', noise_pct: float=0.67, noise_std: float=1.0, noise_seed: Optional[int]=None, initialize: bool=True) -> None:
        self.optimizer = optimizer
        self.param_group_field = param_group_field
        self._initial_param_group_field = f'initial_{param_group_field}'
        if initialize:
            for i, group in enumerate(self.optimizer.param_groups):
                if param_group_field not in group:
                    raise KeyError(f'{param_group_field} missing from param_groups[{i}]')
                group.setdefault(self._initial_param_group_field, group[param_group_field])
        else:
            for i, group in enumerate(self.optimizer.param_groups):
                if self._initial_param_group_field not in group:
                    raise KeyError(f'{self._initial_param_group_field} missing from param_groups[{i}]')
        self.base_values = [group[self._initial_param_group_field] for group in self.optimizer.param_groups]
        self.metric = None
        self.t_in_epochs = t_in_epochs
        self.noise_range_t = noise_range_t
        self.noise_pct = noise_pct
        self.noise_type = noise_type
        self.noise_std = noise_std
        self.noise_seed = noise_seed if noise_seed is not None else 42
        self.update_groups(self.base_values)

    def state_dict(self) -> Dict[str, Any]:
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict: Dict[str, Any]) -> None:
        self.__dict__.update(state_dict)

    @abc.abstractmethod
    def _get_lr(self, t: int) -> List[float]:
        pass

    def _get_values(self, t: int, on_epoch: bool=True) -> Optional[List[float]]:
        proceed = on_epoch and self.t_in_epochs or (not on_epoch and (not self.t_in_epochs))
        if not proceed:
            return None
        return self._get_lr(t)

    def step(self, epoch: int, metric: Optional[float]=None) -> None:
        self.metric = metric
        values = self._get_values(epoch, on_epoch=True)
        if values is not None:
            values = self._add_noise(values, epoch)
            self.update_groups(values)

    def step_update(self, num_updates: int, metric: Optional[float]=None) -> None:
        self.metric = metric
        values = self._get_values(num_updates, on_epoch=False)
        if values is not None:
            values = self._add_noise(values, num_updates)
            self.update_groups(values)

    def update_groups(self, values: Union[float, List[float]]) -> None:
        if not isinstance(values, (list, tuple)):
            values = [values] * len(self.optimizer.param_groups)
        for param_group, value in zip(self.optimizer.param_groups, values):
            if 'lr_scale' in param_group:
                param_group[self.param_group_field] = value * param_group['lr_scale']
            else:
                param_group[self.param_group_field] = value

    def _add_noise(self, lrs: List[float], t: int) -> List[float]:
        if self._is_apply_noise(t):
            noise = self._calculate_noise(t)
            lrs = [v + v * noise for v in lrs]
        return lrs

    def _is_apply_noise(self, t: int) -> bool:
        apply_noise = False
        if self.noise_range_t is not None:
            if isinstance(self.noise_range_t, (list, tuple)):
                apply_noise = self.noise_range_t[0] <= t < self.noise_range_t[1]
            else:
                apply_noise = t >= self.noise_range_t
        return apply_noise

    def _calculate_noise(self, t) -> float:
        g = torch.Generator()
        g.manual_seed(self.noise_seed + t)
        if self.noise_type == 'normal':
            while True:
                noise = torch.randn(1, generator=g).item()
                if abs(noise) < self.noise_pct:
                    return noise
        else:
            noise = 2 * (torch.rand(1, generator=g).item() - 0.5) * self.noise_pct
        return noise
' Cosine Scheduler\n\nCosine LR schedule with warmup, cycle/restarts, noise, k-decay.\n\nHacked together by / Copyright 2021 Ross Wightman\n'
_logger = logging.getLogger(__name__)

class CosineLRScheduler(Scheduler):

    def __init__(self, optimizer: torch.optim.Optimizer, t_initial: int, lr_min: float=0.0, cycle_mul: float=1.0, cycle_decay: float=1.0, cycle_limit: int=1, warmup_t: int=0, warmup_lr_init: float=0.0, warmup_prefix: bool=False, t_in_epochs: bool=True, noise_range_t: Union[List[int], Tuple[int, int], int, None]=None, noise_pct: float=0.67, noise_std: float=1.0, noise_seed: int=42, k_decay: float=1.0, initialize: bool=True) -> None:
        super().__init__(optimizer, param_group_field='lr', t_in_epochs=t_in_epochs, noise_range_t=noise_range_t, noise_pct=noise_pct, noise_std=noise_std, noise_seed=noise_seed, initialize=initialize)
        assert t_initial > 0
        assert lr_min >= 0
        if t_initial == 1 and cycle_mul == 1 and (cycle_decay == 1):
            _logger.warning('Cosine annealing scheduler will have no effect on the learning rate since t_initial = t_mul = eta_mul = 1.')
        self.t_initial = t_initial
        self.lr_min = lr_min
        self.cycle_mul = cycle_mul
        self.cycle_decay = cycle_decay
        self.cycle_limit = cycle_limit
        self.warmup_t = warmup_t
        self.warmup_lr_init = warmup_lr_init
        self.warmup_prefix = warmup_prefix
        self.k_decay = k_decay
        if self.warmup_t:
            self.warmup_steps = [(v - warmup_lr_init) / self.warmup_t for v in self.base_values]
            super().update_groups(self.warmup_lr_init)
        else:
            self.warmup_steps = [1 for _ in self.base_values]

    def _get_lr(self, t: int) -> List[float]:
        if t < self.warmup_t:
            lrs = [self.warmup_lr_init + t * s for s in self.warmup_steps]
        else:
            if self.warmup_prefix:
                t = t - self.warmup_t
            if self.cycle_mul != 1:
                i = math.floor(math.log(1 - t / self.t_initial * (1 - self.cycle_mul), self.cycle_mul))
                t_i = self.cycle_mul ** i * self.t_initial
                t_curr = t - (1 - self.cycle_mul ** i) / (1 - self.cycle_mul) * self.t_initial
            else:
                i = t // self.t_initial
                t_i = self.t_initial
                t_curr = t - self.t_initial * i
            gamma = self.cycle_decay ** i
            lr_max_values = [v * gamma for v in self.base_values]
            k = self.k_decay
            if i < self.cycle_limit:
                lrs = [self.lr_min + 0.5 * (lr_max - self.lr_min) * (1 + math.cos(math.pi * t_curr ** k / t_i ** k)) for lr_max in lr_max_values]
            else:
                lrs = [self.lr_min for _ in self.base_values]
        return lrs

    def get_cycle_length(self, cycles=0):
        cycles = max(1, cycles or self.cycle_limit)
        if self.cycle_mul == 1.0:
            t = self.t_initial * cycles
        else:
            t = int(math.floor(-self.t_initial * (self.cycle_mul ** cycles - 1) / (1 - self.cycle_mul)))
        return t + self.warmup_t if self.warmup_prefix else t

def unwrap_model(model):
    if isinstance(model, ModelEma):
        return unwrap_model(model.ema)
    elif hasattr(model, 'module'):
        return unwrap_model(model.module)
    elif hasattr(model, '_orig_mod'):
        return unwrap_model(model._orig_mod)
    else:
        return model

def get_state_dict(model, unwrap_fn=unwrap_model):
    return unwrap_fn(model).state_dict()
' Checkpoint Saver\n\nTrack top-n training checkpoints and maintain recovery checkpoints on specified intervals.\n\nHacked together by / Copyright 2020 Ross Wightman\n'
_logger = logging.getLogger(__name__)

class CheckpointSaver:

    def __init__(self, model, optimizer, args=None, model_ema=None, amp_scaler=None, checkpoint_prefix='checkpoint', recovery_prefix='recovery', checkpoint_dir='', recovery_dir='', decreasing=False, max_history=10, unwrap_fn=unwrap_model, task=None):
        self.model = model
        self.task = task
        self.optimizer = optimizer
        self.args = args
        self.model_ema = model_ema
        self.amp_scaler = amp_scaler
        self.checkpoint_files = []
        self.best_epoch = None
        self.best_metric = None
        self.curr_recovery_file = ''
        self.prev_recovery_file = ''
        self.can_hardlink = True
        self.checkpoint_dir = checkpoint_dir
        self.recovery_dir = recovery_dir
        self.save_prefix = checkpoint_prefix
        self.recovery_prefix = recovery_prefix
        self.extension = '.pth.tar'
        self.decreasing = decreasing
        self.cmp = operator.lt if decreasing else operator.gt
        self.max_history = max_history
        self.unwrap_fn = unwrap_fn
        assert self.max_history >= 1

    def _replace(self, src, dst):
        if self.can_hardlink:
            try:
                if os.path.exists(dst):
                    os.unlink(dst)
            except (OSError, NotImplementedError) as e:
                self.can_hardlink = False
        os.replace(src, dst)

    def _duplicate(self, src, dst):
        if self.can_hardlink:
            try:
                if os.path.exists(dst):
                    os.unlink(dst)
                os.link(src, dst)
                return
            except (OSError, NotImplementedError) as e:
                self.can_hardlink = False
        shutil.copy2(src, dst)

    def _save(self, save_path, epoch, metric=None):
        save_state = {'epoch': epoch, 'arch': type(self.model).__name__.lower(), 'optimizer': self.optimizer.state_dict(), 'version': 2}
        if self.args is not None:
            save_state['arch'] = self.args.model
            save_state['args'] = self.args
        if self.amp_scaler is not None:
            save_state[self.amp_scaler.state_dict_key] = self.amp_scaler.state_dict()
        if self.task is not None:
            save_state.update(self.task.get_checkpoint_state(unwrap_fn=self.unwrap_fn))
            save_state.update(self.task.get_checkpoint_state(ema=True, unwrap_fn=self.unwrap_fn))
        else:
            save_state['state_dict'] = get_state_dict(self.model, self.unwrap_fn)
            if self.model_ema is not None:
                save_state['state_dict_ema'] = get_state_dict(self.model_ema, self.unwrap_fn)
        if metric is not None:
            save_state['metric'] = metric
        torch.save(save_state, save_path)

    def _cleanup_checkpoints(self, trim=0):
        trim = min(len(self.checkpoint_files), trim)
        delete_index = self.max_history - trim
        if delete_index < 0 or len(self.checkpoint_files) <= delete_index:
            return
        to_delete = self.checkpoint_files[delete_index:]
        for d in to_delete:
            try:
                _logger.debug('Cleaning checkpoint: {}'.format(d))
                os.remove(d[0])
            except Exception as e:
                _logger.error("Exception '{}' while deleting checkpoint".format(e))
        self.checkpoint_files = self.checkpoint_files[:delete_index]

    def save_checkpoint(self, epoch, metric=None):
        assert epoch >= 0
        tmp_save_path = os.path.join(self.checkpoint_dir, 'tmp' + self.extension)
        last_save_path = os.path.join(self.checkpoint_dir, 'last' + self.extension)
        self._save(tmp_save_path, epoch, metric)
        self._replace(tmp_save_path, last_save_path)
        worst_file = self.checkpoint_files[-1] if self.checkpoint_files else None
        if len(self.checkpoint_files) < self.max_history or metric is None or self.cmp(metric, worst_file[1]):
            if len(self.checkpoint_files) >= self.max_history:
                self._cleanup_checkpoints(1)
            filename = '-'.join([self.save_prefix, str(epoch)]) + self.extension
            save_path = os.path.join(self.checkpoint_dir, filename)
            self._duplicate(last_save_path, save_path)
            self.checkpoint_files.append((save_path, metric))
            self.checkpoint_files = sorted(self.checkpoint_files, key=lambda x: x[1], reverse=not self.decreasing)
            checkpoints_str = 'Current checkpoints:\n'
            for c in self.checkpoint_files:
                checkpoints_str += ' {}\n'.format(c)
            _logger.info(checkpoints_str)
            if metric is not None and (self.best_metric is None or self.cmp(metric, self.best_metric)):
                self.best_epoch = epoch
                self.best_metric = metric
                best_save_path = os.path.join(self.checkpoint_dir, 'model_best' + self.extension)
                self._duplicate(last_save_path, best_save_path)
        return (None, None) if self.best_metric is None else (self.best_metric, self.best_epoch)

    def save_recovery(self, epoch, batch_idx=0):
        assert epoch >= 0
        tmp_save_path = os.path.join(self.recovery_dir, 'recovery_tmp' + self.extension)
        self._save(tmp_save_path, epoch)
        filename = '-'.join([self.recovery_prefix, str(epoch), str(batch_idx)]) + self.extension
        save_path = os.path.join(self.recovery_dir, filename)
        self._replace(tmp_save_path, save_path)
        if os.path.exists(self.prev_recovery_file):
            try:
                _logger.debug('Cleaning recovery: {}'.format(self.prev_recovery_file))
                os.remove(self.prev_recovery_file)
            except Exception as e:
                _logger.error("Exception '{}' while removing {}".format(e, self.prev_recovery_file))
        self.prev_recovery_file = self.curr_recovery_file
        self.curr_recovery_file = save_path

    def find_recovery(self):
        recovery_path = os.path.join(self.recovery_dir, self.recovery_prefix)
        files = glob.glob(recovery_path + '*' + self.extension)
        files = sorted(files)
        return files[0] if len(files) else ''
import sys, tempfile
print(sorted(['img12.png', 'img10.png', 'IMG2.png', 'img1.png'], key=natural_key))
parser = argparse.ArgumentParser(description='timm-style train args')
parser.add_argument('--model', default='resnet18', type=str)
parser.add_argument('--model-kwargs', nargs='*', default={}, action=ParseKwargs)
add_bool_arg(parser, 'pin-mem', default=True, help='pin memory')
add_bool_arg(parser, 'channels-last')
parser.add_argument('--lr', type=float, default=None)
args = parser.parse_args(['--model', 'tiny', '--model-kwargs', 'drop_rate=0.1', 'act=gelu', 'depths=(1,2)', '', '--no-pin-mem', '--lr', '0.05'])
print(args)
try:
    parser.parse_args(['--pin-mem', '--no-pin-mem'])
except SystemExit as e:
    print('SystemExit', e.code)
logging.root.handlers.clear()
setup_default_logging()
logging.root.handlers[0].setStream(sys.stdout)
_logger = logging.getLogger('train')
_logger.info('plain info line')
_logger.warning('warn line')
print(to_2tuple(3), to_3tuple((1, 2, 3)), to_2tuple('ab'), to_ntuple(4)(range(4)))
print([make_divisible(v) for v in (3, 17, 30, 37.5, 100)], make_divisible(10, 16, round_limit=0.0), extend_tuple((1, 2), 4), extend_tuple(5, 2))
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
ema = ModelEmaV2(model, decay=0.9)
ema3 = ModelEmaV3(model, decay=0.99, min_decay=0.5, use_warmup=True, warmup_power=0.75)
print([round(ema3.get_decay(s), 4) for s in (0, 1, 10, 100)])
sched = CosineLRScheduler(optimizer, t_initial=6, lr_min=0.001, warmup_t=2, warmup_lr_init=0.001, cycle_limit=1)
x = torch.randn(32, 4)
y = torch.randint(0, 3, (32,))
orig_cwd = os.getcwd()
with tempfile.TemporaryDirectory() as tmp:
    os.chdir(tmp)
    d = 'output'
    os.makedirs(d)
    saver = CheckpointSaver(model, optimizer, model_ema=ema, checkpoint_dir=d, recovery_dir=d, max_history=2)
    out_dir = get_outdir(d, 'train', 'exp')
    out_dir2 = get_outdir(d, 'train', 'exp', inc=True)
    print(out_dir, out_dir2)
    for epoch in range(5):
        losses = AverageMeter()
        top1 = AverageMeter()
        for i in range(0, 32, 8):
            out = model(x[i:i + 8])
            loss = nn.functional.cross_entropy(out, y[i:i + 8])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            ema.update(model)
            ema3.update(model, step=epoch * 4 + i // 8)
            acc1, acc3 = accuracy(out, y[i:i + 8], topk=(1, 3))
            losses.update(loss.item(), 8)
            top1.update(acc1.item(), 8)
        sched.step(epoch + 1)
        model.eval()
        ema.eval()
        with torch.no_grad():
            eval_acc = accuracy(ema.module(x), y)[0].item()
        model.train()
        best = saver.save_checkpoint(epoch, metric=round(eval_acc, 2))
        saver.save_recovery(epoch, batch_idx=3)
        update_summary(epoch, OrderedDict(loss=round(losses.avg, 4), top1=round(top1.avg, 2)), OrderedDict(top1=round(eval_acc, 2)), os.path.join(out_dir, 'summary.csv'), lr=round(optimizer.param_groups[0]['lr'], 6), write_header=epoch == 0)
        print(epoch, f'{losses.avg:.4f}', f'{top1.avg:.2f}', f'{eval_acc:.2f}', f"lr={optimizer.param_groups[0]['lr']:.6f}", best)
    print(sorted((os.path.basename(f) for f in glob.glob(os.path.join(d, '*.pth.tar')))))
    print([(os.path.basename(p), m) for p, m in saver.checkpoint_files])
    print(os.path.basename(saver.find_recovery()))
    with open(os.path.join(out_dir, 'summary.csv')) as f:
        print(f.read(), end='')
    ck = torch.load(os.path.join(d, 'model_best.pth.tar'), weights_only=False)
    print(sorted(ck.keys()), ck['epoch'], ck['arch'], ck['metric'])
    os.chdir(orig_cwd)
print(sched.state_dict().keys() if hasattr(sched.state_dict(), 'keys') else None)
print(sched.get_cycle_length(), sched.get_cycle_length(2))
print(isinstance(sched, ABC), Scheduler.__abstractmethods__ if hasattr(Scheduler, '__abstractmethods__') else None)
