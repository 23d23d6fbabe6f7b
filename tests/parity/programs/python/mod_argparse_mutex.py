# argparse mutually exclusive groups: conflicts (an argument at its default does not count), required
# groups, groups inside argument groups, parents, the [a | b] / (a | b) usage and wrapped usage.
import argparse
import io
import sys


def run(parser, argv):
    saved = sys.stderr
    sys.stderr = io.StringIO()
    try:
        print(parser.parse_args(argv))
    except SystemExit as e:
        text = sys.stderr.getvalue()
        sys.stderr = saved
        print("exit", e.code, repr(text))
    sys.stderr = saved


p = argparse.ArgumentParser(prog="export")
p.add_argument("filepath", type=str, help="the output filepath")
p.add_argument("--version", default=0, type=int, help="the version to export with")
group = p.add_mutually_exclusive_group(required=True)
group.add_argument("--checkpoint", type=str, help="model checkpoint, .pt file")
group.add_argument("--meta-llama", type=str, help="meta llama model path")
group.add_argument("--hf", type=str, help="huggingface model path")
print(type(group).__name__, group.required, [a.dest for a in group._group_actions])
print(p.format_usage(), end="")
print(p.format_help())
for argv in [["out.bin", "--checkpoint", "ckpt.pt"], ["out.bin"], ["out.bin", "--hf", "a", "--checkpoint", "b"],
             ["out.bin", "--meta-llama", "m", "--version", "2"], ["out.bin", "--hf=x", "--hf=y"]]:
    run(p, argv)

q = argparse.ArgumentParser(prog="q")
g = q.add_mutually_exclusive_group()
g.add_argument("-v", "--verbose", action="store_true")
g.add_argument("-q", "--quiet", action="store_true")
g.add_argument("--level", type=int, default=3)
q.add_argument("rest", nargs="*")
print(q.format_usage(), end="")
for argv in [[], ["-v"], ["-v", "-q"], ["-q", "--level", "3"], ["--level", "4", "-q"], ["-vq"], ["a", "b", "-q"]]:
    run(q, argv)

# A positional with nargs='?' may join a group; its brackets merge with the group's.
r = argparse.ArgumentParser(prog="r")
g = r.add_mutually_exclusive_group()
g.add_argument("--foo", action="store_true")
g.add_argument("bar", nargs="?", default="dflt")
print(r.format_usage(), end="")
run(r, ["--foo"])
run(r, ["x"])
run(r, ["--foo", "x"])
try:
    g.add_argument("--must", required=True)
except ValueError as e:
    print("ValueError", e)

# A group inside an argument group, a suppressed member, and a parent's group.
s = argparse.ArgumentParser(prog="s", add_help=False)
section = s.add_argument_group("device")
dev = section.add_mutually_exclusive_group(required=True)
dev.add_argument("--cpu", action="store_true", help="run on the CPU")
dev.add_argument("--gpu", type=int, metavar="ID", help="run on GPU ID")
dev.add_argument("--tpu", action="store_true", help=argparse.SUPPRESS)
print(s.format_help())
run(s, [])
child = argparse.ArgumentParser(prog="child", parents=[s])
child.add_argument("--seed", type=int, default=0)
print(child.format_usage(), end="")
run(child, ["--gpu", "1", "--seed", "3"])
run(child, ["--gpu", "1", "--cpu"])

# A long usage wraps, keeping each group's brackets together.
w = argparse.ArgumentParser(prog="train_with_a_rather_long_program_name")
w.add_argument("--learning-rate", type=float, default=0.1)
w.add_argument("--batch-size", type=int, default=32)
m = w.add_mutually_exclusive_group()
m.add_argument("--resume-from-checkpoint", metavar="PATH")
m.add_argument("--initialize-from-scratch", action="store_true")
m.add_argument("--initialize-from-pretrained", metavar="NAME")
w.add_argument("data_dir")
print(w.format_usage(), end="")
