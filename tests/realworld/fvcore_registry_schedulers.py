# Real-program corpus (tests/realworld, see README.md): fvcore's common utilities that detectron2,
# SlowFast and other research code bases build on, as in facebookresearch/fvcore
# fvcore/common/registry.py, history_buffer.py, timer.py, param_scheduler.py @
# 3378afe0d71dc2aa95e358bc78dc9b67cb48825a: a name -> class Registry (decorator and call forms,
# Iterable[Tuple[str, Any]] base), HistoryBuffer's windowed median/avg through numpy, Timer with
# pause/resume on time.perf_counter, and the constant / cosine / exponential / linear / multi-step /
# polynomial / step / step-with-gamma / composite parameter schedulers. Written for Kiln, not
# copied. Changes: no `import tabulate` (Registry.__repr__, a fancy_grid table, is not called);
# timings are printed only as comparisons. Exercises typing generics as bases, bisect, math,
# class-level validation errors, numpy.median/mean of Python floats.
from typing import Any, Dict, Iterable, Iterator, Tuple, List, Optional
import numpy as np
from typing import Any, Dict, Iterable, Iterator, Tuple

class Registry(Iterable[Tuple[str, Any]]):

    def __init__(self, name: str) -> None:
        self._name: str = name
        self._obj_map: Dict[str, Any] = {}

    def _do_register(self, name: str, obj: Any) -> None:
        assert name not in self._obj_map, "An object named '{}' was already registered in '{}' registry!".format(name, self._name)
        self._obj_map[name] = obj

    def register(self, obj: Any=None) -> Any:
        if obj is None:

            def deco(func_or_class: Any) -> Any:
                name = func_or_class.__name__
                self._do_register(name, func_or_class)
                return func_or_class
            return deco
        name = obj.__name__
        self._do_register(name, obj)

    def get(self, name: str) -> Any:
        ret = self._obj_map.get(name)
        if ret is None:
            raise KeyError("No object named '{}' found in '{}' registry!".format(name, self._name))
        return ret

    def __contains__(self, name: str) -> bool:
        return name in self._obj_map

    def __repr__(self) -> str:
        table_headers = ['Names', 'Objects']
        table = tabulate(self._obj_map.items(), headers=table_headers, tablefmt='fancy_grid')
        return 'Registry of {}:\n'.format(self._name) + table

    def __iter__(self) -> Iterator[Tuple[str, Any]]:
        return iter(self._obj_map.items())
    __str__ = __repr__

class HistoryBuffer:

    def __init__(self, max_length: int=1000000) -> None:
        self._max_length: int = max_length
        self._data: List[Tuple[float, float]] = []
        self._count: int = 0
        self._global_avg: float = 0

    def update(self, value: float, iteration: Optional[float]=None) -> None:
        if iteration is None:
            iteration = self._count
        if len(self._data) == self._max_length:
            self._data.pop(0)
        self._data.append((value, iteration))
        self._count += 1
        self._global_avg += (value - self._global_avg) / self._count

    def latest(self) -> float:
        return self._data[-1][0]

    def median(self, window_size: int) -> float:
        return np.median([x[0] for x in self._data[-window_size:]])

    def avg(self, window_size: int) -> float:
        return np.mean([x[0] for x in self._data[-window_size:]])

    def global_avg(self) -> float:
        return self._global_avg

    def values(self) -> List[Tuple[float, float]]:
        return self._data
from time import perf_counter

class Timer:

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self._start = perf_counter()
        self._paused: Optional[float] = None
        self._total_paused = 0
        self._count_start = 1

    def pause(self) -> None:
        if self._paused is not None:
            raise ValueError('Trying to pause a Timer that is already paused!')
        self._paused = perf_counter()

    def is_paused(self) -> bool:
        return self._paused is not None

    def resume(self) -> None:
        if self._paused is None:
            raise ValueError('Trying to resume a Timer that is not paused!')
        self._total_paused += perf_counter() - self._paused
        self._paused = None
        self._count_start += 1

    def seconds(self) -> float:
        if self._paused is not None:
            end_time: float = self._paused
        else:
            end_time = perf_counter()
        return end_time - self._start - self._total_paused

    def avg_seconds(self) -> float:
        return self.seconds() / self._count_start
import bisect
import math
from typing import List, Optional, Sequence, Union
__all__ = ['ParamScheduler', 'ConstantParamScheduler', 'CosineParamScheduler', 'ExponentialParamScheduler', 'LinearParamScheduler', 'CompositeParamScheduler', 'MultiStepParamScheduler', 'StepParamScheduler', 'StepWithFixedGammaParamScheduler', 'PolynomialDecayParamScheduler']

class ParamScheduler:
    WHERE_EPSILON = 1e-06

    def __call__(self, where: float) -> float:
        raise NotImplementedError('Param schedulers must override __call__')

class ConstantParamScheduler(ParamScheduler):

    def __init__(self, value: float) -> None:
        self._value = value

    def __call__(self, where: float) -> float:
        if where >= 1.0:
            raise RuntimeError(f'where in ParamScheduler must be in [0, 1]: got {where}')
        return self._value

class CosineParamScheduler(ParamScheduler):

    def __init__(self, start_value: float, end_value: float) -> None:
        self._start_value = start_value
        self._end_value = end_value

    def __call__(self, where: float) -> float:
        return self._end_value + 0.5 * (self._start_value - self._end_value) * (1 + math.cos(math.pi * where))

class ExponentialParamScheduler(ParamScheduler):

    def __init__(self, start_value: float, decay: float) -> None:
        self._start_value = start_value
        self._decay = decay

    def __call__(self, where: float) -> float:
        return self._start_value * self._decay ** where

class LinearParamScheduler(ParamScheduler):

    def __init__(self, start_value: float, end_value: float) -> None:
        self._start_value = start_value
        self._end_value = end_value

    def __call__(self, where: float) -> float:
        return self._end_value * where + self._start_value * (1 - where)

class MultiStepParamScheduler(ParamScheduler):

    def __init__(self, values: List[float], num_updates: Optional[int]=None, milestones: Optional[List[int]]=None) -> None:
        if num_updates is None and milestones is None:
            raise ValueError('num_updates and milestones cannot both be None')
        if milestones is None:
            milestones = []
            step_width = math.ceil(num_updates / float(len(values)))
            for idx in range(len(values) - 1):
                milestones.append(step_width * (idx + 1))
        elif not (isinstance(milestones, Sequence) and len(milestones) == len(values) - int(num_updates is not None)):
            raise ValueError('MultiStep scheduler requires a list of %d miletones' % (len(values) - int(num_updates is not None)))
        if num_updates is None:
            num_updates, milestones = (milestones[-1], milestones[:-1])
        if num_updates < len(values):
            raise ValueError('Total num_updates must be greater than length of param schedule')
        self._param_schedule = values
        self._num_updates = num_updates
        self._milestones: List[int] = milestones
        start_epoch = 0
        for milestone in self._milestones:
            if milestone >= self._num_updates:
                raise ValueError('Milestone must be smaller than total number of updates: num_updates=%d, milestone=%d' % (self._num_updates, milestone))
            if start_epoch >= milestone:
                raise ValueError('Milestone must be smaller than start epoch: start_epoch=%d, milestone=%d' % (start_epoch, milestone))
            start_epoch = milestone

    def __call__(self, where: float) -> float:
        if where > 1.0:
            raise RuntimeError(f'where in ParamScheduler must be in [0, 1]: got {where}')
        epoch_num = int((where + self.WHERE_EPSILON) * self._num_updates)
        return self._param_schedule[bisect.bisect_right(self._milestones, epoch_num)]

class PolynomialDecayParamScheduler(ParamScheduler):

    def __init__(self, base_value: float, power: float) -> None:
        self._base_value = base_value
        self._power = power

    def __call__(self, where: float) -> float:
        return self._base_value * (1 - where) ** self._power

class StepParamScheduler(ParamScheduler):

    def __init__(self, num_updates: Union[int, float], values: List[float]) -> None:
        if num_updates <= 0:
            raise ValueError('Number of updates must be larger than 0')
        if not (isinstance(values, Sequence) and len(values) > 0):
            raise ValueError('Step scheduler requires a list of at least one param value')
        self._param_schedule = values

    def __call__(self, where: float) -> float:
        ind = int((where + self.WHERE_EPSILON) * len(self._param_schedule))
        return self._param_schedule[ind]

class StepWithFixedGammaParamScheduler(ParamScheduler):

    def __init__(self, base_value: float, num_decays: int, gamma: float, num_updates: int) -> None:
        for k in [base_value, gamma]:
            if not (isinstance(k, (int, float)) and k > 0):
                raise ValueError('base_value and gamma must be positive numbers')
        for k in [num_decays, num_updates]:
            if not (isinstance(k, int) and k > 0):
                raise ValueError('num_decays and num_updates must be positive integers')
        self.base_value = base_value
        self.num_decays = num_decays
        self.gamma = gamma
        self.num_updates = num_updates
        values = [base_value]
        for _ in range(num_decays):
            values.append(values[-1] * gamma)
        self._step_param_scheduler = StepParamScheduler(num_updates=num_updates, values=values)

    def __call__(self, where: float) -> float:
        return self._step_param_scheduler(where)

class CompositeParamScheduler(ParamScheduler):

    def __init__(self, schedulers: Sequence[ParamScheduler], lengths: List[float], interval_scaling: Sequence[str]) -> None:
        if len(schedulers) != len(lengths):
            raise ValueError('Schedulers and lengths must be same length')
        if len(schedulers) == 0:
            raise ValueError('There must be at least one scheduler in the composite scheduler')
        if abs(sum(lengths) - 1.0) >= 0.001:
            raise ValueError('The sum of all values in lengths must be 1')
        if sum(lengths) != 1.0:
            lengths[-1] = 1.0 - sum(lengths[:-1])
        for s in interval_scaling:
            if s not in ['rescaled', 'fixed']:
                raise ValueError(f'Unsupported interval_scaling: {s}')
        self._lengths = lengths
        self._schedulers = schedulers
        self._interval_scaling = interval_scaling

    def __call__(self, where: float) -> float:
        i = 0
        running_total = self._lengths[i]
        while where + self.WHERE_EPSILON > running_total and i < len(self._schedulers) - 1:
            i += 1
            running_total += self._lengths[i]
        scheduler = self._schedulers[i]
        scheduler_where = where
        interval_scale = self._interval_scaling[i]
        if interval_scale == 'rescaled':
            scheduler_start = running_total - self._lengths[i]
            scheduler_where = (where - scheduler_start) / self._lengths[i]
        return scheduler(scheduler_where)
BACKBONE_REGISTRY = Registry('BACKBONE')

@BACKBONE_REGISTRY.register()
class ResNet:

    def __init__(self, depth=18):
        self.depth = depth

class VGG:
    pass
BACKBONE_REGISTRY.register(VGG)
print('ResNet' in BACKBONE_REGISTRY, 'Swin' in BACKBONE_REGISTRY)
print(BACKBONE_REGISTRY.get('ResNet')(depth=50).depth)
print(sorted((name for name, _ in BACKBONE_REGISTRY)))
try:
    BACKBONE_REGISTRY.get('Swin')
except KeyError as e:
    print('KeyError:', e)
try:
    BACKBONE_REGISTRY.register(VGG)
except AssertionError as e:
    print('AssertionError:', e)
print(isinstance(BACKBONE_REGISTRY, Iterable))
hb = HistoryBuffer(max_length=5)
for i, v in enumerate([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]):
    hb.update(v)
print(hb.latest(), hb.median(3), round(float(hb.avg(4)), 4), round(hb.global_avg(), 4), hb.values())
t = Timer()
t.pause()
print(t.is_paused(), t.seconds() >= 0.0)
t.resume()
print(t.is_paused(), t.avg_seconds() >= 0.0)
scheds = [ConstantParamScheduler(0.1), CosineParamScheduler(1.0, 0.1), ExponentialParamScheduler(1.0, 0.5), LinearParamScheduler(0.0, 1.0), MultiStepParamScheduler([1.0, 0.1, 0.01], milestones=[3, 6], num_updates=10), PolynomialDecayParamScheduler(1.0, 2.0), StepParamScheduler(10, [1.0, 0.5, 0.25]), StepWithFixedGammaParamScheduler(1.0, 3, 0.1, 9), CompositeParamScheduler([LinearParamScheduler(0.0, 1.0), CosineParamScheduler(1.0, 0.0)], [0.3, 0.7], ['rescaled', 'rescaled'])]
for s in scheds:
    print(type(s).__name__, [round(s(w / 10), 5) for w in range(10)])
for bad in [lambda: MultiStepParamScheduler([1.0], milestones=[3], num_updates=10), lambda: StepParamScheduler(0, [1.0]), lambda: CompositeParamScheduler([ConstantParamScheduler(1.0)], [0.5], ['fixed'])]:
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)
try:
    scheds[0](1.0)
except RuntimeError as e:
    print('RuntimeError:', e)
