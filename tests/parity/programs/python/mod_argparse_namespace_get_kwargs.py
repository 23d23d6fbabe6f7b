# argparse's _AttributeHolder, as old training scripts reach it: `args._get_kwargs()` turned into a
# state dict (bearpaw/pytorch-classification's cifar.py: `state = {k: v for k, v in args._get_kwargs()}`),
# `_get_args()`, a Namespace subclass's repr by its own class name, non-identifier keys in the
# `**{...}` tail, and an Action's repr through the same base.
import argparse, sys
sys.argv[0] = "cifar.py"
parser = argparse.ArgumentParser()
parser.add_argument("--lr", "--learning-rate", default=0.1, type=float, dest="lr")
parser.add_argument("--schedule", type=int, nargs="+", default=[150, 225])
parser.add_argument("-a", "--arch", default="resnet20")
args = parser.parse_args(["--lr", "0.05", "-a", "vgg"])
state = {k: v for k, v in args._get_kwargs()}
print(state)
print(args._get_args(), type(args._get_kwargs()).__name__)
setattr(args, "weird-key", 1)
args.extra = None
print(args)
print(list(args._get_kwargs())[-2:])


class Config(argparse.Namespace):
    pass


c = Config(b=2, a=1)
print(c, c._get_kwargs())
act = parser._actions[1]
print(act)
print(act._get_kwargs()[:3], act._get_args())
print(isinstance(args, argparse._AttributeHolder), isinstance(act, argparse._AttributeHolder))
