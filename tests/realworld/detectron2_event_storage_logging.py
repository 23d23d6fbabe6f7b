# Real-program corpus (tests/realworld, see README.md): detectron2's training-loop bookkeeping, as in
# facebookresearch/detectron2 detectron2/utils/events.py and detectron2/utils/logger.py @
# 02b5c4e295e990042a714712c21dc79b731e8833 with fvcore/common/history_buffer.py @ 3378afe0: an
# EventStorage context (a module-level stack, put_scalar(s) with smoothing hints, name_scope,
# histories, latest_with_smoothing_hint, cached_property iter), JSONWriter appending one JSON line per
# write, CommonMetricPrinter's str.format log line with ETA from datetime.timedelta, setup_logger under
# functools.lru_cache with a _ColorfulFormatter (formatMessage override, record.name abbreviation),
# log_first_n / log_every_n keyed by the caller found through sys._getframe. Written for Kiln, not
# copied. Changes: PathManager is open() and os.makedirs, termcolor's colored returns the text, no
# tabulate (create_small_table is not called), the step times are fixed numbers instead of measured
# ones and the handlers write to a StringIO with a formatter without asctime.
from typing import List, Optional, Tuple
import numpy as np
import os as _os

class _PathManagerShim:
    open = staticmethod(open)

    @staticmethod
    def mkdirs(p):
        _os.makedirs(p, exist_ok=True)
PathManager = _PathManagerShim()

def colored(text, color=None, on_color=None, attrs=None):
    return text

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
import atexit
import functools
import logging
import os
import sys
import time
from collections import Counter
import torch
__all__ = ['setup_logger', 'log_first_n', 'log_every_n', 'log_every_n_seconds']
D2_LOG_BUFFER_SIZE_KEY: str = 'D2_LOG_BUFFER_SIZE'
DEFAULT_LOG_BUFFER_SIZE: int = 1024 * 1024

class _ColorfulFormatter(logging.Formatter):

    def __init__(self, *args, **kwargs):
        self._root_name = kwargs.pop('root_name') + '.'
        self._abbrev_name = kwargs.pop('abbrev_name', '')
        if len(self._abbrev_name):
            self._abbrev_name = self._abbrev_name + '.'
        super(_ColorfulFormatter, self).__init__(*args, **kwargs)

    def formatMessage(self, record):
        record.name = record.name.replace(self._root_name, self._abbrev_name)
        log = super(_ColorfulFormatter, self).formatMessage(record)
        if record.levelno == logging.WARNING:
            prefix = colored('WARNING', 'red', attrs=['blink'])
        elif record.levelno == logging.ERROR or record.levelno == logging.CRITICAL:
            prefix = colored('ERROR', 'red', attrs=['blink', 'underline'])
        else:
            return log
        return prefix + ' ' + log

@functools.lru_cache()
def setup_logger(output=None, distributed_rank=0, *, color=True, name='detectron2', abbrev_name=None, enable_propagation: bool=False, configure_stdout: bool=True):
    logger = logging.getLogger(name)
    logger.setLevel(logging.DEBUG)
    logger.propagate = enable_propagation
    if abbrev_name is None:
        abbrev_name = 'd2' if name == 'detectron2' else name
    plain_formatter = logging.Formatter('[%(asctime)s] %(name)s %(levelname)s: %(message)s', datefmt='%m/%d %H:%M:%S')
    if configure_stdout and distributed_rank == 0:
        ch = logging.StreamHandler(stream=sys.stdout)
        ch.setLevel(logging.DEBUG)
        if color:
            formatter = _ColorfulFormatter(colored('[%(asctime)s %(name)s]: ', 'green') + '%(message)s', datefmt='%m/%d %H:%M:%S', root_name=name, abbrev_name=str(abbrev_name))
        else:
            formatter = plain_formatter
        ch.setFormatter(formatter)
        logger.addHandler(ch)
    if output is not None:
        if output.endswith('.txt') or output.endswith('.log'):
            filename = output
        else:
            filename = os.path.join(output, 'log.txt')
        if distributed_rank > 0:
            filename = filename + '.rank{}'.format(distributed_rank)
        PathManager.mkdirs(os.path.dirname(filename))
        fh = logging.StreamHandler(_cached_log_stream(filename))
        fh.setLevel(logging.DEBUG)
        fh.setFormatter(plain_formatter)
        logger.addHandler(fh)
    return logger

@functools.lru_cache(maxsize=None)
def _cached_log_stream(filename):
    io = PathManager.open(filename, 'a', buffering=_get_log_stream_buffer_size(filename))
    atexit.register(io.close)
    return io

def _get_log_stream_buffer_size(filename: str) -> int:
    if '://' not in filename:
        return -1
    if D2_LOG_BUFFER_SIZE_KEY in os.environ:
        return int(os.environ[D2_LOG_BUFFER_SIZE_KEY])
    return DEFAULT_LOG_BUFFER_SIZE
'\nBelow are some other convenient logging methods.\nThey are mainly adopted from\nhttps://github.com/abseil/abseil-py/blob/master/absl/logging/__init__.py\n'

def _find_caller():
    frame = sys._getframe(2)
    while frame:
        code = frame.f_code
        if os.path.join('utils', 'logger.') not in code.co_filename:
            mod_name = frame.f_globals['__name__']
            if mod_name == '__main__':
                mod_name = 'detectron2'
            return (mod_name, (code.co_filename, frame.f_lineno, code.co_name))
        frame = frame.f_back
_LOG_COUNTER = Counter()
_LOG_TIMER = {}

def log_first_n(lvl, msg, n=1, *, name=None, key='caller'):
    if isinstance(key, str):
        key = (key,)
    assert len(key) > 0
    caller_module, caller_key = _find_caller()
    hash_key = ()
    if 'caller' in key:
        hash_key = hash_key + caller_key
    if 'message' in key:
        hash_key = hash_key + (msg,)
    _LOG_COUNTER[hash_key] += 1
    if _LOG_COUNTER[hash_key] <= n:
        logging.getLogger(name or caller_module).log(lvl, msg)

def log_every_n(lvl, msg, n=1, *, name=None):
    caller_module, key = _find_caller()
    _LOG_COUNTER[key] += 1
    if n == 1 or _LOG_COUNTER[key] % n == 1:
        logging.getLogger(name or caller_module).log(lvl, msg)

def log_every_n_seconds(lvl, msg, n=1, *, name=None):
    caller_module, key = _find_caller()
    last_logged = _LOG_TIMER.get(key, None)
    current_time = time.time()
    if last_logged is None or current_time - last_logged >= n:
        logging.getLogger(name or caller_module).log(lvl, msg)
        _LOG_TIMER[key] = current_time

def create_small_table(small_dict):
    keys, values = tuple(zip(*small_dict.items()))
    table = tabulate([values], headers=keys, tablefmt='pipe', floatfmt='.3f', stralign='center', numalign='center')
    return table

def _log_api_usage(identifier: str):
    torch._C._log_api_usage_once('detectron2.' + identifier)
import datetime
import json
import logging
import os
import time
from collections import defaultdict
from contextlib import contextmanager
from functools import cached_property
from typing import Optional
import torch
__all__ = ['get_event_storage', 'has_event_storage', 'JSONWriter', 'TensorboardXWriter', 'CommonMetricPrinter', 'EventStorage']
_CURRENT_STORAGE_STACK = []

def get_event_storage():
    assert len(_CURRENT_STORAGE_STACK), "get_event_storage() has to be called inside a 'with EventStorage(...)' context!"
    return _CURRENT_STORAGE_STACK[-1]

def has_event_storage():
    return len(_CURRENT_STORAGE_STACK) > 0

class EventWriter:

    def write(self):
        raise NotImplementedError

    def close(self):
        pass

class JSONWriter(EventWriter):

    def __init__(self, json_file, window_size=20):
        self._file_handle = PathManager.open(json_file, 'a')
        self._window_size = window_size
        self._last_write = -1

    def write(self):
        storage = get_event_storage()
        to_save = defaultdict(dict)
        for k, (v, iter) in storage.latest_with_smoothing_hint(self._window_size).items():
            if iter <= self._last_write:
                continue
            to_save[iter][k] = v
        if len(to_save):
            all_iters = sorted(to_save.keys())
            self._last_write = max(all_iters)
        for itr, scalars_per_iter in to_save.items():
            scalars_per_iter['iteration'] = itr
            self._file_handle.write(json.dumps(scalars_per_iter, sort_keys=True) + '\n')
        self._file_handle.flush()
        try:
            os.fsync(self._file_handle.fileno())
        except AttributeError:
            pass

    def close(self):
        self._file_handle.close()

class TensorboardXWriter(EventWriter):

    def __init__(self, log_dir: str, window_size: int=20, **kwargs):
        self._window_size = window_size
        self._writer_args = {'log_dir': log_dir, **kwargs}
        self._last_write = -1

    @cached_property
    def _writer(self):
        from torch.utils.tensorboard import SummaryWriter
        return SummaryWriter(**self._writer_args)

    def write(self):
        storage = get_event_storage()
        new_last_write = self._last_write
        for k, (v, iter) in storage.latest_with_smoothing_hint(self._window_size).items():
            if iter > self._last_write:
                self._writer.add_scalar(k, v, iter)
                new_last_write = max(new_last_write, iter)
        self._last_write = new_last_write
        if len(storage._vis_data) >= 1:
            for img_name, img, step_num in storage._vis_data:
                self._writer.add_image(img_name, img, step_num)
            storage.clear_images()
        if len(storage._histograms) >= 1:
            for params in storage._histograms:
                self._writer.add_histogram_raw(**params)
            storage.clear_histograms()

    def close(self):
        if '_writer' in self.__dict__:
            self._writer.close()

class CommonMetricPrinter(EventWriter):

    def __init__(self, max_iter: Optional[int]=None, window_size: int=20):
        self.logger = logging.getLogger('detectron2.utils.events')
        self._max_iter = max_iter
        self._window_size = window_size
        self._last_write = None

    def _get_eta(self, storage) -> Optional[str]:
        if self._max_iter is None:
            return ''
        iteration = storage.iter
        try:
            eta_seconds = storage.history('time').median(1000) * (self._max_iter - iteration - 1)
            storage.put_scalar('eta_seconds', eta_seconds, smoothing_hint=False)
            return str(datetime.timedelta(seconds=int(eta_seconds)))
        except KeyError:
            eta_string = None
            if self._last_write is not None:
                estimate_iter_time = (time.perf_counter() - self._last_write[1]) / (iteration - self._last_write[0])
                eta_seconds = estimate_iter_time * (self._max_iter - iteration - 1)
                eta_string = str(datetime.timedelta(seconds=int(eta_seconds)))
            self._last_write = (iteration, time.perf_counter())
            return eta_string

    def write(self):
        storage = get_event_storage()
        iteration = storage.iter
        if iteration == self._max_iter:
            return
        try:
            avg_data_time = storage.history('data_time').avg(storage.count_samples('data_time', self._window_size))
            last_data_time = storage.history('data_time').latest()
        except KeyError:
            avg_data_time = None
            last_data_time = None
        try:
            avg_iter_time = storage.history('time').global_avg()
            last_iter_time = storage.history('time').latest()
        except KeyError:
            avg_iter_time = None
            last_iter_time = None
        try:
            lr = '{:.5g}'.format(storage.history('lr').latest())
        except KeyError:
            lr = 'N/A'
        eta_string = self._get_eta(storage)
        if torch.cuda.is_available():
            max_mem_mb = torch.cuda.max_memory_allocated() / 1024.0 / 1024.0
        else:
            max_mem_mb = None
        self.logger.info(str.format(' {eta}iter: {iter}  {losses}  {non_losses}  {avg_time}{last_time}' + '{avg_data_time}{last_data_time} lr: {lr}  {memory}', eta=f'eta: {eta_string}  ' if eta_string else '', iter=iteration, losses='  '.join(['{}: {:.4g}'.format(k, v.median(storage.count_samples(k, self._window_size))) for k, v in storage.histories().items() if 'loss' in k]), non_losses='  '.join(['{}: {:.4g}'.format(k, v.median(storage.count_samples(k, self._window_size))) for k, v in storage.histories().items() if '[metric]' in k]), avg_time='time: {:.4f}  '.format(avg_iter_time) if avg_iter_time is not None else '', last_time='last_time: {:.4f}  '.format(last_iter_time) if last_iter_time is not None else '', avg_data_time='data_time: {:.4f}  '.format(avg_data_time) if avg_data_time is not None else '', last_data_time='last_data_time: {:.4f}  '.format(last_data_time) if last_data_time is not None else '', lr=lr, memory='max_mem: {:.0f}M'.format(max_mem_mb) if max_mem_mb is not None else ''))

class EventStorage:

    def __init__(self, start_iter=0):
        self._history = defaultdict(HistoryBuffer)
        self._smoothing_hints = {}
        self._latest_scalars = {}
        self._iter = start_iter
        self._current_prefix = ''
        self._vis_data = []
        self._histograms = []

    def put_image(self, img_name, img_tensor):
        self._vis_data.append((img_name, img_tensor, self._iter))

    def put_scalar(self, name, value, smoothing_hint=True, cur_iter=None):
        name = self._current_prefix + name
        cur_iter = self._iter if cur_iter is None else cur_iter
        history = self._history[name]
        value = float(value)
        history.update(value, cur_iter)
        self._latest_scalars[name] = (value, cur_iter)
        existing_hint = self._smoothing_hints.get(name)
        if existing_hint is not None:
            assert existing_hint == smoothing_hint, 'Scalar {} was put with a different smoothing_hint!'.format(name)
        else:
            self._smoothing_hints[name] = smoothing_hint

    def put_scalars(self, *, smoothing_hint=True, cur_iter=None, **kwargs):
        for k, v in kwargs.items():
            self.put_scalar(k, v, smoothing_hint=smoothing_hint, cur_iter=cur_iter)

    def put_histogram(self, hist_name, hist_tensor, bins=1000):
        ht_min, ht_max = (hist_tensor.min().item(), hist_tensor.max().item())
        hist_counts = torch.histc(hist_tensor, bins=bins)
        hist_edges = torch.linspace(start=ht_min, end=ht_max, steps=bins + 1, dtype=torch.float32)
        hist_params = dict(tag=hist_name, min=ht_min, max=ht_max, num=len(hist_tensor), sum=float(hist_tensor.sum()), sum_squares=float(torch.sum(hist_tensor ** 2)), bucket_limits=hist_edges[1:].tolist(), bucket_counts=hist_counts.tolist(), global_step=self._iter)
        self._histograms.append(hist_params)

    def history(self, name):
        ret = self._history.get(name, None)
        if ret is None:
            raise KeyError('No history metric available for {}!'.format(name))
        return ret

    def histories(self):
        return self._history

    def latest(self):
        return self._latest_scalars

    def latest_with_smoothing_hint(self, window_size=20):
        result = {}
        for k, (v, itr) in self._latest_scalars.items():
            result[k] = (self._history[k].median(self.count_samples(k, window_size)) if self._smoothing_hints[k] else v, itr)
        return result

    def count_samples(self, name, window_size=20):
        samples = 0
        data = self._history[name].values()
        for _, iter_ in reversed(data):
            if iter_ > data[-1][1] - window_size:
                samples += 1
            else:
                break
        return samples

    def smoothing_hints(self):
        return self._smoothing_hints

    def step(self):
        self._iter += 1

    @property
    def iter(self):
        return self._iter

    @iter.setter
    def iter(self, val):
        self._iter = int(val)

    @property
    def iteration(self):
        return self._iter

    def __enter__(self):
        _CURRENT_STORAGE_STACK.append(self)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        assert _CURRENT_STORAGE_STACK[-1] == self
        _CURRENT_STORAGE_STACK.pop()

    @contextmanager
    def name_scope(self, name):
        old_prefix = self._current_prefix
        self._current_prefix = name.rstrip('/') + '/'
        yield
        self._current_prefix = old_prefix

    def clear_images(self):
        self._vis_data = []

    def clear_histograms(self):
        self._histograms = []
import tempfile, io as _io
logger = setup_logger(name='detectron2', color=True)
print(setup_logger(name='detectron2', color=True) is logger, len(logger.handlers), logger.level, logger.propagate)
buf = _io.StringIO()
for h in logger.handlers:
    h.setStream(buf) if hasattr(h, 'setStream') else None
    h.setFormatter(_ColorfulFormatter('%(name)s %(levelname)s: %(message)s', root_name='detectron2', abbrev_name='d2'))
child = logging.getLogger('detectron2.engine.train_loop')
child.info('starting training')
child.warning('lr is high')
child.debug('debug message')
for i in range(5):
    log_first_n(logging.INFO, 'first-n message', n=2)
    log_every_n(logging.INFO, 'every-2 message %d' % i, n=2)
log_first_n(logging.INFO, 'by message', n=1, key='message')
log_first_n(logging.INFO, 'by message', n=1, key='message')
print(buf.getvalue(), end='')
buf.truncate(0)
buf.seek(0)
with tempfile.TemporaryDirectory() as d:
    jpath = os.path.join(d, 'metrics.json')
    writers = [CommonMetricPrinter(max_iter=6, window_size=3), JSONWriter(jpath, window_size=2)]
    with EventStorage(start_iter=0) as storage:
        print(get_event_storage() is storage, has_event_storage())
        for it in range(6):
            storage.iter = it
            storage.put_scalars(total_loss=1.0 / (it + 1), loss_cls=0.5 / (it + 1), data_time=0.01 * it)
            storage.put_scalar('time', 0.25 + 0.01 * it)
            storage.put_scalar('lr', 0.02 * (it + 1), smoothing_hint=False)
            with storage.name_scope('val'):
                storage.put_scalar('[metric]acc', 50.0 + it)
            if it % 2 == 1:
                for w in writers:
                    w.write()
            storage.step()
        print(sorted(storage.histories().keys()))
        print({k: (round(v[0], 4), v[1]) for k, v in storage.latest().items()})
        print({k: (round(float(v[0]), 4), v[1]) for k, v in storage.latest_with_smoothing_hint(3).items()})
        print(storage.smoothing_hints())
        print(storage.count_samples('time', 4), storage.iteration)
    for w in writers:
        w.close()
    print(has_event_storage())
    with open(jpath) as f:
        for line in f:
            rec = json.loads(line)
            print({k: round(v, 4) if isinstance(v, float) else v for k, v in sorted(rec.items())})
print(buf.getvalue(), end='')
try:
    get_event_storage()
except AssertionError as e:
    print('AssertionError:', e)
