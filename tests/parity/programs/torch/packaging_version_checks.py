import random

import torch
from packaging import version
from packaging.version import InvalidVersion, Version, parse
# packaging.version as libraries use it for torch version checks (version.parse(torch.__version__)
# >= version.parse("2.0")): PEP 440 parsing and normalization (epochs, pre/post/dev releases, their
# alternative spellings, local segments), the properties, PEP 440 ordering and equality, hashing,
# InvalidVersion, and comparisons with other types.

tv = version.parse(torch.__version__)
print(tv >= version.parse("2.0"), tv >= version.parse("1.13.1"), tv.release[:2] >= (2, 1), tv.major, tv.is_devrelease)
print(version.Version("2.0") <= version.parse(torch.__version__.split("+")[0]))

ordered = ["1.0.dev456", "1.0a1", "1.0a2.dev456", "1.0a12.dev456", "1.0a12", "1.0b1.dev456", "1.0b2",
           "1.0b2.post345.dev456", "1.0b2.post345", "1.0rc1.dev456", "1.0rc1", "1.0", "1.0+abc.5", "1.0+abc.7",
           "1.0+5", "1.0.post456.dev34", "1.0.post456", "1.0.15", "1.1.dev1", "1!0.5"]
shuffled = list(ordered)
random.Random(3).shuffle(shuffled)
print(sorted(shuffled, key=Version) == ordered, [str(v) for v in sorted(map(Version, shuffled))][:4])

for s in ["1.0", "v1.2.3", " 1.0RC1 ", "1.0-1", "1.0.post", "1.0alpha2", "1.0c1", "2!1.0.dev3+UBUNTU-1",
          "1.0_preview_2", "1.0r3", "2.11.0+cu128", "1.0.0.0a0", "0.1b"]:
    v = Version(s)
    print(repr(v), v.epoch, v.release, v.pre, v.post, v.dev, v.local, v.public, v.base_version,
          v.is_prerelease, v.is_postrelease, v.is_devrelease, v.major, v.minor, v.micro)

for s in ["1.0+", "foo", "1.0.x", "", "1..0", "1.0-dev-1-2"]:
    try:
        Version(s)
    except InvalidVersion as e:
        print(type(e).__name__, e, isinstance(e, ValueError))

print(Version("1.0") == "1.0", Version("1.0") != 1, Version("1.0") == Version("1.0.0"), Version("1.0") == Version("1.0+0"))
print(hash(Version("1.0")) == hash(Version("1.0.0")), len({Version("1"), Version("1.0"), Version("1.0.0.0"), Version("1.0.post0")}))
try:
    Version("1.0") < "2.0"
except TypeError as e:
    print("TypeError:", e)
print(max(map(Version, ["2.0", "10.0", "9.9"])), Version("2.11.0") >= Version("2.11.0a0"),
      Version("2.11.0.dev20250101") < Version("2.11.0"), Version("2.11.0+cpu") > Version("2.11.0"))
print(parse("1.2.3").release, version.parse("3.0") > version.parse("3.0rc2"), isinstance(parse("1"), version.Version))
