# A condensed training script's utilities as real repositories write them: a dataclass config fed
# from argparse through __dataclass_fields__, logging.basicConfig, pytorch/examples' AverageMeter and
# ProgressMeter format-string building, defaultdict histories, JSON checkpoints, a partial schedule.
import argparse, json, logging, os, random, sys, time
from collections import defaultdict, OrderedDict
from dataclasses import dataclass, field, asdict
from functools import partial
from typing import Dict, List, Optional
logging.basicConfig(level=logging.INFO, format='%(levelname)s - %(name)s - %(message)s', stream=sys.stdout)
logger = logging.getLogger(__name__)
@dataclass
class TrainConfig:
    lr: float = 3e-4
    batch_size: int = 32
    epochs: int = 3
    layers: List[int] = field(default_factory=lambda: [128, 64])
    seed: int = 1337
    out_dir: Optional[str] = None
def get_args(argv=None):
    p = argparse.ArgumentParser(description='toy trainer')
    for f_name, f_def in TrainConfig.__dataclass_fields__.items():
        if f_name == 'layers':
            p.add_argument('--layers', type=int, nargs='+', default=f_def.default_factory())
        elif f_def.type in (int, float):
            p.add_argument(f'--{f_name.replace("_", "-")}', type=f_def.type, default=f_def.default)
    p.add_argument('--out-dir', default=None)
    return p.parse_args(argv)
args = get_args(['--lr', '0.01', '--batch-size', '8', '--layers', '4', '2'])
cfg = TrainConfig(**vars(args))
print(cfg)
random.seed(cfg.seed)
class AverageMeter:
    def __init__(self, name, fmt=':f'):
        self.name, self.fmt = name, fmt
        self.reset()
    def reset(self):
        self.val = self.avg = self.sum = self.count = 0
    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count
    def __str__(self):
        fmtstr = '{name} {val' + self.fmt + '} ({avg' + self.fmt + '})'
        return fmtstr.format(**self.__dict__)
class ProgressMeter:
    def __init__(self, num_batches, meters, prefix=''):
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
losses = AverageMeter('Loss', ':.4e')
acc = AverageMeter('Acc@1', ':6.2f')
progress = ProgressMeter(12, [losses, acc], prefix='Epoch: [0]')
history = defaultdict(list)
for step in range(12):
    loss = 1.0 / (step + 1) + random.random() * 0.01
    losses.update(loss, n=cfg.batch_size)
    acc.update(100 * (1 - loss), n=cfg.batch_size)
    history['loss'].append(round(loss, 4))
    if step % 4 == 0:
        progress.display(step)
best = min(range(len(history['loss'])), key=history['loss'].__getitem__)
print(f'best step {best} loss {history["loss"][best]:.4f}', json.dumps(asdict(cfg), sort_keys=True))
state = OrderedDict((k, v) for k, v in sorted(history.items()))
ckpt = {'epoch': 1, 'config': asdict(cfg), 'history': dict(state)}
path = 'tmp_training_script_idioms.json'
with open(path, 'w') as f:
    json.dump(ckpt, f, indent=1)
with open(path) as f:
    loaded = json.load(f)
os.remove(path)
print(loaded['config']['layers'], len(loaded['history']['loss']), loaded == json.loads(json.dumps(ckpt)))
logger.info('done %d steps', 12)
sched = partial(lambda step, warmup, base: base * min(1.0, (step + 1) / warmup), warmup=4, base=cfg.lr)
print([round(sched(s), 5) for s in range(6)])
print(f'{"epoch":>6} | {"loss":^10} | {"acc":<6}|')
print(f'{1:>6d} | {0.123456:^10.4f} | {99.5:<6.1f}|')
