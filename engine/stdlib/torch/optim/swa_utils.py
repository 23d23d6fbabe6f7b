# torch.optim.swa_utils in Kiln's Python: AveragedModel (stochastic weight averaging and EMA through
# avg_fn/multi_avg_fn), SWALR (the anneal to the SWA learning rate), get_ema_avg_fn/get_swa_avg_fn
# and their multi-tensor forms, after PyTorch 2.11's documented behaviour. On the CPU PyTorch
# averages tensor by tensor with avg_fn, which is what runs here.
#
# Not here: update_bn (it sets BatchNorm's momentum to None, which Kiln's native BatchNorm does not
# allow yet).

import math

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import LRScheduler, _warn_get_lr_called_within_step

__all__ = [
    "AveragedModel",
    "update_bn",
    "SWALR",
    "get_ema_multi_avg_fn",
    "get_swa_multi_avg_fn",
    "get_ema_avg_fn",
    "get_swa_avg_fn",
]


def get_ema_multi_avg_fn(decay=0.999):
    if decay < 0.0 or decay > 1.0:
        raise ValueError(f"Invalid decay value {decay} provided. Please provide a value in [0,1] range.")

    @torch.no_grad()
    def ema_update(ema_param_list, current_param_list, _):
        for p_ema, p_model in zip(ema_param_list, current_param_list):
            p_ema.lerp_(p_model, 1 - decay)

    return ema_update


def get_swa_multi_avg_fn():
    @torch.no_grad()
    def swa_update(averaged_param_list, current_param_list, num_averaged):
        for p_avg, p_model in zip(averaged_param_list, current_param_list):
            if isinstance(num_averaged, torch.Tensor):
                weight = 1 / (num_averaged + 1)
            else:
                weight = 1 / (num_averaged + 1)
            p_avg.lerp_(p_model, weight)

    return swa_update


def get_ema_avg_fn(decay=0.999):
    if decay < 0.0 or decay > 1.0:
        raise ValueError(f"Invalid decay value {decay} provided. Please provide a value in [0,1] range.")

    @torch.no_grad()
    def ema_update(ema_param, current_param, num_averaged):
        return decay * ema_param + (1 - decay) * current_param

    return ema_update


def get_swa_avg_fn():
    @torch.no_grad()
    def swa_update(averaged_param, current_param, num_averaged):
        return averaged_param + (current_param - averaged_param) / (num_averaged + 1)

    return swa_update


class AveragedModel(nn.Module):
    __module__ = "torch.optim.swa_utils"

    def __init__(self, model, device=None, avg_fn=None, multi_avg_fn=None, use_buffers=False):
        super().__init__()
        assert avg_fn is None or multi_avg_fn is None, "Only one of avg_fn and multi_avg_fn should be provided"
        from copy import deepcopy

        self.module = deepcopy(model)
        if device is not None:
            self.module = self.module.to(device)
        self.register_buffer("n_averaged", torch.tensor(0, dtype=torch.long, device=device))
        self.avg_fn = avg_fn
        self.multi_avg_fn = multi_avg_fn
        self.use_buffers = use_buffers

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def update_parameters(self, model):
        if self.use_buffers:
            self_param = list(self.module.parameters()) + list(self.module.buffers())
            model_param = list(model.parameters()) + list(model.buffers())
        else:
            self_param = list(self.parameters())
            model_param = list(model.parameters())
        self_param_detached = []
        model_param_detached = []
        copy_param = bool(self.n_averaged == 0)
        for p_averaged, p_model in zip(self_param, model_param):
            p_model_ = p_model.detach().to(p_averaged.device)
            self_param_detached.append(p_averaged.detach())
            model_param_detached.append(p_model_)
            if copy_param:
                p_averaged.detach().copy_(p_model_)
        if self.n_averaged > 0:
            if self.multi_avg_fn is not None:
                self.multi_avg_fn(self_param_detached, model_param_detached, self.n_averaged)
            elif self.avg_fn is None:
                avg_fn = get_swa_avg_fn()
                for p_averaged, p_model in zip(self_param_detached, model_param_detached):
                    p_averaged.copy_(avg_fn(p_averaged, p_model, self.n_averaged))
            else:
                for p_averaged, p_model in zip(self_param_detached, model_param_detached):
                    p_averaged.copy_(self.avg_fn(p_averaged, p_model, self.n_averaged))
        if not self.use_buffers:
            # the buffers (BatchNorm's running stats) follow the model's
            for b_swa, b_model in zip(self.module.buffers(), model.buffers()):
                b_swa.detach().copy_(b_model.detach().to(b_swa.device))
        with torch.no_grad():
            self.n_averaged += 1


def update_bn(loader, model, device=None):
    raise NotImplementedError(
        "torch.optim.swa_utils.update_bn is not supported in Kiln yet (it needs BatchNorm momentum=None); "
        "recompute the statistics by running the averaged model in train mode over the data"
    )


def _format_swa_lrs(optimizer, swa_lrs):
    if isinstance(swa_lrs, (list, tuple)):
        if len(swa_lrs) != len(optimizer.param_groups):
            raise ValueError(
                "swa_lr must have the same length as optimizer.param_groups. "
                f"swa_lr has {len(swa_lrs)} values, param_groups has {len(optimizer.param_groups)}."
            )
        return swa_lrs
    return [swa_lrs] * len(optimizer.param_groups)


class SWALR(LRScheduler):
    __module__ = "torch.optim.swa_utils"

    def __init__(self, optimizer, swa_lr, anneal_epochs=10, anneal_strategy="cos", last_epoch=-1):
        swa_lrs = _format_swa_lrs(optimizer, swa_lr)
        for swa_lr, group in zip(swa_lrs, optimizer.param_groups):
            group["swa_lr"] = swa_lr
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError(f"anneal_strategy must by one of 'cos' or 'linear', instead got {anneal_strategy}")
        self._set_anneal_func(anneal_strategy)
        if not isinstance(anneal_epochs, int) or anneal_epochs < 0:
            raise ValueError(f"anneal_epochs must be equal or greater than 0, got {anneal_epochs}")
        self.anneal_epochs = anneal_epochs
        super().__init__(optimizer, last_epoch)

    # The strategy's name is the state (state_dict holds `_anneal_strategy`, never the function),
    # as in PyTorch 2.11; loading a state dict picks the function again.
    def _set_anneal_func(self, anneal_strategy):
        self._anneal_strategy = anneal_strategy
        self.anneal_func = self._cosine_anneal if anneal_strategy == "cos" else self._linear_anneal

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key not in ("optimizer", "anneal_func")}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._set_anneal_func(self._anneal_strategy)

    @staticmethod
    def _linear_anneal(t):
        return t

    @staticmethod
    def _cosine_anneal(t):
        return (1 - math.cos(math.pi * t)) / 2

    @staticmethod
    def _get_initial_lr(lr, swa_lr, alpha):
        if alpha == 1:
            return swa_lr
        return (lr - alpha * swa_lr) / (1 - alpha)

    def get_lr(self):
        _warn_get_lr_called_within_step(self)
        step = self._step_count - 1
        if self.anneal_epochs == 0:
            step = max(1, step)
        prev_t = max(0, min(1, (step - 1) / max(1, self.anneal_epochs)))
        prev_alpha = self.anneal_func(prev_t)
        prev_lrs = [
            self._get_initial_lr(group["lr"], group["swa_lr"], prev_alpha) for group in self.optimizer.param_groups
        ]
        t = max(0, min(1, step / max(1, self.anneal_epochs)))
        alpha = self.anneal_func(t)
        return [group["swa_lr"] * alpha + lr * (1 - alpha) for group, lr in zip(self.optimizer.param_groups, prev_lrs)]
