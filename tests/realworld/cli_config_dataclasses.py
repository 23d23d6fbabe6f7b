# Real-program corpus (tests/realworld, see README.md): the command-line and configuration layer of
# training scripts: argparse as in pytorch/examples mnist/main.py and dcgan/main.py, dataclass configs
# as in pytorch/examples distributed/minGPT-ddp (mingpt/model.py, trainer.py) @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8, an Enum of activations as in fx/wrap_output_dynamically.py.
# Written for Kiln, not copied. Pure Python: argparse (types, defaults, store_true, choices, nargs,
# required, metavar, print(Namespace), vars), dataclasses (defaults, field(default_factory), asdict,
# replace, frozen, __post_init__), enum.Enum/auto, collections.OrderedDict/namedtuple.
import argparse
from collections import OrderedDict, namedtuple
from dataclasses import asdict, dataclass, field, replace
from enum import Enum, auto


def build_parser():
    parser = argparse.ArgumentParser(description='PyTorch MNIST-style Example')
    parser.add_argument('--batch-size', type=int, default=64, metavar='N',
                        help='input batch size for training (default: 64)')
    parser.add_argument('--epochs', type=int, default=14, metavar='N',
                        help='number of epochs to train (default: 14)')
    parser.add_argument('--lr', type=float, default=1.0, metavar='LR',
                        help='learning rate (default: 1.0)')
    parser.add_argument('--no-accel', action='store_true',
                        help='disables accelerator')
    parser.add_argument('--dry-run', action='store_true',
                        help='quickly check a single pass')
    parser.add_argument('--seed', type=int, default=1, metavar='S',
                        help='random seed (default: 1)')
    parser.add_argument('--dataset', required=True, choices=['cifar10', 'mnist', 'fake'],
                        help='which dataset')
    parser.add_argument('--classes', default='bedroom', help='comma separated list of classes')
    parser.add_argument('--betas', type=float, nargs=2, default=[0.9, 0.999])
    parser.add_argument('--manualSeed', type=int, help='manual seed')
    return parser


parser = build_parser()
args = parser.parse_args(['--dataset', 'fake', '--epochs', '2', '--lr=0.5', '--no-accel',
                          '--betas', '0.5', '0.99'])
print(args)
print(vars(args)['batch_size'], args.no_accel, args.dry_run, args.manualSeed is None)
classes = [c + '_train' for c in args.classes.split(',')]
print(classes, args.betas)
print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}'.format(1, 640, 60000, 100. * 10 / 938, 0.2874651))


@dataclass
class GPTConfig:
    model_type: str = 'gpt2'
    n_layer: int = None
    n_head: int = None
    n_embd: int = None
    vocab_size: int = 50257
    block_size: int = 1024
    embd_pdrop: float = 0.1
    resid_pdrop: float = 0.1
    attn_pdrop: float = 0.1


@dataclass
class TrainerConfig:
    max_epochs: int = None
    batch_size: int = None
    data_loader_workers: int = None
    grad_norm_clip: float = None
    snapshot_path: str = None
    save_every: int = None
    use_amp: bool = None


@dataclass(frozen=True)
class OptimizerConfig:
    learning_rate: float = 3e-4
    weight_decay: float = 0.1
    betas: tuple = (0.9, 0.95)


@dataclass
class Snapshot:
    model_state: 'OrderedDict[str, list]'
    optimizer_state: dict
    finished_epoch: int
    history: list = field(default_factory=list)

    def __post_init__(self):
        self.history.append(self.finished_epoch)


presets = {
    'gpt-mini': dict(n_layer=6, n_head=6, n_embd=192),
    'gpt-micro': dict(n_layer=4, n_head=4, n_embd=128),
    'gpt-nano': dict(n_layer=3, n_head=3, n_embd=48),
}
cfg = GPTConfig(model_type='gpt-nano')
params_given = all([cfg.n_layer is not None, cfg.n_head is not None, cfg.n_embd is not None])
if cfg.model_type is not None and not params_given:
    cfg.__dict__.update(presets[cfg.model_type])
print(cfg)
print(asdict(cfg)['n_embd'], cfg == GPTConfig('gpt-nano', 3, 3, 48))
small = replace(cfg, block_size=64, vocab_size=65)
print(small.block_size, small.vocab_size, cfg.block_size)

opt = OptimizerConfig(learning_rate=6e-4)
print(opt, hash(opt) == hash(OptimizerConfig(6e-4)))
try:
    opt.learning_rate = 1.0
except Exception as e:
    print(type(e).__name__, e)

trainer = TrainerConfig(max_epochs=10, batch_size=216, grad_norm_clip=1.0, use_amp=False)
print(trainer)
snap = Snapshot(OrderedDict([('w', [1.0, 2.0])]), {'step': 3}, finished_epoch=2)
snap2 = Snapshot(OrderedDict(), {}, finished_epoch=5)
print(snap.history, snap2.history, list(snap.model_state))
print(asdict(snap))


class ActivationFunction(Enum):
    RELU = auto()
    LEAKY_RELU = auto()
    PRELU = auto()


print(list(ActivationFunction), ActivationFunction.LEAKY_RELU.value, ActivationFunction['PRELU'])
print(ActivationFunction(1).name, ActivationFunction.RELU in {ActivationFunction.RELU})

Transition = namedtuple('Transition', ('state', 'action', 'next_state', 'reward'))
t = Transition(1, 0, 2, reward=1.0)
print(t, t._fields, t._replace(action=1), Transition(*zip(t, t)))

try:
    parser.parse_args(['--dataset', 'lsun'])
except SystemExit as e:
    print('exit', e.code)
