# badinput: argparse bad args
# expect-exit: 2
# expect-stderr: p: error: argument --n: invalid int value: 'x'
import argparse
p = argparse.ArgumentParser(prog="p")
p.add_argument("--n", type=int)
p.parse_args(["--n", "x"])
