# badinput: the standard modules a program imports (their module objects, caches and registries alive at exit)
# expect-exit: 0
# expect-stdout: done
import collections, dataclasses, enum, functools, itertools, json, math, random, re, typing, copy, io, os, sys, time, abc, string, textwrap, heapq, bisect, operator, contextlib, argparse, logging, pathlib
@dataclasses.dataclass
class P:
    x: int
    y: list = dataclasses.field(default_factory=list)
class Color(enum.Enum):
    RED = 1
    GREEN = 2
print(P(1), Color.RED, json.dumps({"a": [1, 2.5, None]}), re.sub(r"\d+", "#", "a12b3"))
d = collections.defaultdict(list); d["k"].append(collections.Counter("hello"))
od = collections.OrderedDict(a=1); nt = collections.namedtuple("NT", "a b")(1, 2)
print(nt, list(itertools.permutations(range(3), 2))[:2], heapq.nsmallest(2, [5, 1, 3]))
random.seed(1); print(random.random() < 1)
parser = argparse.ArgumentParser(); parser.add_argument("--n", type=int, default=3); print(parser.parse_args([]).n)
logging.getLogger("x").info("quiet")
@contextlib.contextmanager
def ctx():
    yield 1
with ctx() as v:
    print(v, copy.deepcopy({"k": [1, [2]]}), textwrap.shorten("a b c d e f", 7))
buf = io.StringIO(); buf.write("x"); print(buf.getvalue(), pathlib.PurePosixPath("a/b").name)
print("done")
