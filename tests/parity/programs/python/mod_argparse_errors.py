# argparse: errors print usage + "prog: error: ..." to stderr and exit with status 2.
import argparse
import io
import sys

parser = argparse.ArgumentParser(prog="tool")
parser.add_argument("name")
parser.add_argument("--count", type=int, default=1)
parser.add_argument("--ratio", type=float)
parser.add_argument("--kind", choices=["a", "b"])
parser.add_argument("--two", nargs=2)
parser.add_argument("--flag", action="store_true")
parser.add_argument("--verbose", action="store_true")

for argv in [[], ["n", "--count", "x"], ["n", "--ratio", "fast"], ["n", "--kind", "c"], ["n", "--two", "1"],
             ["n", "--count"], ["n", "extra"], ["n", "--unknown"], ["n", "--flag=yes"], ["n", "--ver", "--"],
             ["n", "--fla"], ["n", "--count", "3", "--count"]]:
    saved = sys.stderr
    sys.stderr = io.StringIO()
    try:
        print(parser.parse_args(argv))
    except SystemExit as e:
        text = sys.stderr.getvalue()
        sys.stderr = saved
        print("exit", e.code, repr(text))
    sys.stderr = saved

amb = argparse.ArgumentParser(prog="amb")
amb.add_argument("--alpha")
amb.add_argument("--alps")
sys.stderr = io.StringIO()
try:
    amb.parse_args(["--al", "1"])
except SystemExit as e:
    text = sys.stderr.getvalue()
    sys.stderr = sys.__stderr__
    print("exit", e.code, repr(text))
sys.stderr = sys.__stderr__
print(amb.parse_args(["--alph", "2"]))


def positive(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("%r is not a positive integer" % text)
    return value


typed = argparse.ArgumentParser(prog="typed", exit_on_error=False)
typed.add_argument("--n", type=positive)
print(typed.parse_args(["--n", "3"]))
for argv in [["--n", "0"], ["--n", "x"]]:
    try:
        typed.parse_args(argv)
    except argparse.ArgumentError as e:
        print("ArgumentError", e)
try:
    parser.add_argument("--count")
except argparse.ArgumentError as e:
    print("ArgumentError", e)
try:
    parser.add_argument("pos", required=True)
except TypeError as e:
    print("TypeError", e)
