# argparse: options and positionals of every common kind, parsed from explicit lists.
import argparse

parser = argparse.ArgumentParser(prog="train.py", description="Train a small model.")
parser.add_argument("data", help="path to the data")
parser.add_argument("--epochs", type=int, default=10, help="number of epochs (default: %(default)s)")
parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
parser.add_argument("-v", "--verbose", action="count", default=0, help="more output")
parser.add_argument("--no-cuda", action="store_true", help="disable CUDA")
parser.add_argument("--shuffle", action="store_false", dest="keep_order")
parser.add_argument("--mode", choices=["train", "eval"], default="train")
parser.add_argument("--tag", action="append", help="tags (repeatable)")
parser.add_argument("--const", action="store_const", const=42)
parser.add_argument("--sizes", nargs="+", type=int, metavar="N")
parser.add_argument("--maybe", nargs="?", const="C", default="D")
parser.add_argument("--pair", nargs=2, metavar=("A", "B"))

for argv in [
    ["data.csv"],
    ["data.csv", "--epochs", "3", "--lr=0.5", "-vv", "--no-cuda"],
    ["--epochs=7", "d", "-v", "--verbose", "--tag", "a", "--tag", "b"],
    ["d", "--mode", "eval", "--const", "--sizes", "1", "2", "3"],
    ["d", "--maybe"],
    ["d", "--maybe", "X", "--pair", "p", "q"],
    ["d", "--shuffle", "--ep", "4"],
    ["--", "-weird-name"],
]:
    args = parser.parse_args(argv)
    print(args)
    print(vars(args)["epochs"], args.data, args.no_cuda)

ns = parser.parse_args(["x"])
print(ns.verbose, ns.tag, ns.keep_order, ns.mode, ns.sizes, ns.maybe, ns.pair)
print(type(ns).__name__, "data" in ns, "missing" in ns)
print(argparse.Namespace(a=1, b="two") == argparse.Namespace(a=1, b="two"))
print(argparse.Namespace(x=1, y=[2]))

p2 = argparse.ArgumentParser(prog="cp")
p2.add_argument("src", nargs="+")
p2.add_argument("dst")
p2.add_argument("--opt", nargs="*", default=[])
print(p2.parse_args(["a", "b", "c"]))
print(p2.parse_args(["a", "b", "--opt"]))
print(p2.parse_args(["a", "b", "--opt", "x", "y"]))
p3 = argparse.ArgumentParser(prog="p3")
p3.add_argument("first")
p3.add_argument("rest", nargs="*")
p3.add_argument("--flag", action="store_true")
print(p3.parse_args(["1", "2", "3", "--flag"]))
print(p3.parse_args(["--flag", "1", "2"]))
p4 = argparse.ArgumentParser(prog="p4")
p4.add_argument("count", type=int, nargs="?", default=5)
p4.add_argument("-n", type=int, default="8")
print(p4.parse_args([]), p4.parse_args(["3", "-n", "-2"]) if False else p4.parse_args(["3", "-n2"]))
print(p4.parse_known_args(["4", "--other", "x"]))
print(p4.parse_known_args(["-n", "1", "7", "extra2"]))
p4.set_defaults(model="mlp")
print(p4.parse_args(["1"]), p4.get_default("model"), p4.get_default("n"))
