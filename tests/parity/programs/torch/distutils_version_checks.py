# distutils under PyTorch on Python 3.12: the standard package is gone, but torch depends on
# setuptools there, whose hook serves `import distutils` — so version guards and argparse
# boolean helpers written for older Pythons keep running. Covers LooseVersion/StrictVersion
# parsing, printing, ordering against strings and each other, the int-vs-str TypeError, and
# distutils.util.strtobool as an argparse type.
import argparse
import warnings

import torch
from distutils.version import LooseVersion, StrictVersion
from distutils.util import strtobool

# The guard real code writes (thop, older torchvision helpers).
print(LooseVersion(torch.__version__) >= LooseVersion("1.8.0"))
print(LooseVersion(torch.__version__) < "1.0.0")

for s in ["1.5.1", "2.11.0+cu130", "1.13.0a0+git", "0.4", "3.10.2rc1", "8.02"]:
    v = LooseVersion(s)
    print(repr(v), str(v), v.version)

print(LooseVersion("1.10") > LooseVersion("1.9"), LooseVersion("1.10") == "1.10")
print(sorted(["1.2", "1.10", "1.9.1", "0.99"], key=LooseVersion))
try:
    LooseVersion("1.a") < LooseVersion("1.2")
except TypeError as e:
    print("TypeError", e)

for s in ["1.0", "1.0.4", "1.2a3", "2.7b1", "0.9.12"]:
    v = StrictVersion(s)
    print(repr(v), str(v), v.version, v.prerelease)
print(StrictVersion("1.0a1") < StrictVersion("1.0"), StrictVersion("1.0") == "1.0.0")
print(StrictVersion("1.2b3") > "1.2a9", StrictVersion("2.0") >= "1.99")
for bad in ["1", "1.0.0.0", "1.0rc1", "2.11.0+cu130"]:
    try:
        StrictVersion(bad)
    except ValueError as e:
        print("ValueError", e)

print(LooseVersion("1.0").__eq__(3), StrictVersion("1.0").__lt__(1.0))

# Constructing a version warns once per call; comparing with a string does not warn again.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    a = LooseVersion("1.2")
    print(a < "1.3", len(caught), caught[0].category.__name__, str(caught[0].message))

for s in ["y", "Yes", "TRUE", "on", "1", "n", "No", "f", "OFF", "0"]:
    print(s, strtobool(s))
try:
    strtobool("maybe")
except ValueError as e:
    print("ValueError", e)

parser = argparse.ArgumentParser()
parser.add_argument("--cuda", type=lambda x: bool(strtobool(x)), default=True, nargs="?", const=True)
parser.add_argument("--track", type=lambda x: bool(strtobool(x)), default=False)
args = parser.parse_args(["--cuda", "false", "--track", "T"])
print(args.cuda, args.track)
