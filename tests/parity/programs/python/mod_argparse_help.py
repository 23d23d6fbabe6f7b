# argparse: --help text and usage lines exactly as CPython formats them (caught through SystemExit).
import argparse
import sys

parser = argparse.ArgumentParser(prog="train.py", description="Train a small model on a data set and write checkpoints to a directory of your choice.", epilog="Examples and more at the end.")
parser.add_argument("data", help="path to the training data")
parser.add_argument("out", nargs="?", default="ckpt", help="where to write checkpoints")
parser.add_argument("--epochs", type=int, default=10, help="number of epochs (default: %(default)s)")
parser.add_argument("--learning-rate", "--lr", type=float, default=0.01, help="the learning rate used by the optimizer for every parameter group, before any scheduling")
parser.add_argument("-v", "--verbose", action="count", default=0)
parser.add_argument("--mode", choices=["train", "eval", "test"], help="what to do: %(choices)s")
parser.add_argument("--sizes", nargs="+", type=int, metavar="N", help="layer sizes")
parser.add_argument("--pair", nargs=2, metavar=("A", "B"), help="two values")
parser.add_argument("--files", nargs="*", help="extra files")
parser.add_argument("--seed", type=int, required=True, help="random seed")
group = parser.add_argument_group("logging", "Options that control logging.")
group.add_argument("--log-dir", default="runs", help="log directory")
group.add_argument("--quiet", action="store_true")

try:
    parser.parse_args(["--help"])
except SystemExit as e:
    print("SystemExit", e.code)
print(parser.format_usage(), end="")
try:
    parser.parse_args(["-h", "data"])
except SystemExit as e:
    print("SystemExit", e.code)

small = argparse.ArgumentParser(prog="small")
small.add_argument("x")
small.print_help()
print(repr(small.format_usage()))
tiny = argparse.ArgumentParser(prog="tiny", add_help=False)
tiny.print_help()
nohelp = argparse.ArgumentParser(prog="nohelp", description="Only a description.")
nohelp.add_argument("--a-very-long-option-name-indeed", metavar="VALUE_WITH_A_LONG_NAME", help="short help")
nohelp.add_argument("--b")
nohelp.print_help()
saved = sys.stdout
sys.stdout = sys.stderr
sys.stdout = saved
defaults = argparse.ArgumentParser(prog="defaults", formatter_class=argparse.ArgumentDefaultsHelpFormatter)
defaults.add_argument("--batch", type=int, default=32, help="batch size")
defaults.add_argument("--name", help="run name")
defaults.add_argument("pos", nargs="*", default=[1], help="positionals")
defaults.print_help()
