# argparse sub-commands (add_subparsers): dest, aliases, help listing, set_defaults in a
# sub-parser, unknown arguments handed back by parse_known_args, required sub-commands, titled
# groups, and the errors of an unknown or incomplete sub-command (CPython's _SubParsersAction).
import argparse, sys
sys.argv[0] = "main.py"
parser = argparse.ArgumentParser(description="toy trainer")
parser.add_argument("--seed", type=int, default=0)
sub = parser.add_subparsers(dest="cmd", help="sub-command help")
tr = sub.add_parser("train", help="train a model", aliases=["fit"])
tr.add_argument("--epochs", type=int, default=3)
tr.add_argument("data")
ev = sub.add_parser("eval", help="evaluate a checkpoint")
ev.add_argument("ckpt")
ev.set_defaults(func=len)
print(parser.parse_args(["--seed", "3", "train", "d.csv", "--epochs", "5"]))
print(parser.parse_args(["fit", "x"]))
print(parser.parse_args(["eval", "m.pt"]))
print(parser.parse_args([]))
print(parser.parse_known_args(["eval", "m.pt", "--extra", "1"]))
print(tr.prog, ev.prog)
parser.print_help()
tr.print_help()
parser.print_usage()
for bad in (["nope"], ["train"], ["eval", "a", "b"]):
    try:
        parser.parse_args(bad)
    except SystemExit as e:
        print("exit", e.code)
p2 = argparse.ArgumentParser(prog="p2")
s2 = p2.add_subparsers(title="commands", description="pick one", dest="c", required=True)
s2.add_parser("a")
s2.add_parser("b").add_argument("-n", type=int)
print(p2.parse_args(["b", "-n", "2"]))
p2.print_help()
try:
    p2.parse_args([])
except SystemExit as e:
    print("exit", e.code)
try:
    p2.add_subparsers()
except SystemExit as e:
    print("exit", e.code)
