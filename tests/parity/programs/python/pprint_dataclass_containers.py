# pprint's layouts beyond dict/list/tuple/set/str: dataclasses with their generated repr (fields as
# name=value, repr=False fields left out, a field holding the object itself as ...), a dataclass
# with its own __repr__ written as that repr, SimpleNamespace, Counter (most_common order),
# defaultdict, deque with and without maxlen, and container subclasses that keep their base's repr.
import pprint, dataclasses, collections, types
@dataclasses.dataclass
class Opt:
    lr: float = 0.1
    betas: tuple = (0.9, 0.999)
    secret: str = dataclasses.field(default="x", repr=False)
@dataclasses.dataclass
class Cfg:
    name: str = "run"
    opt: Opt = dataclasses.field(default_factory=Opt)
    tags: list = dataclasses.field(default_factory=lambda: ["a", "b"] * 6)
    extra: dict = dataclasses.field(default_factory=dict)
c = Cfg()
pprint.pprint(c)
pprint.pprint(c, width=40)
pprint.pprint([c, c], width=60)
@dataclasses.dataclass
class Own:
    x: list = dataclasses.field(default_factory=lambda: list(range(40)))
    def __repr__(self):
        return "Own(" + ",".join(map(str, self.x)) + ")"
pprint.pprint(Own())
@dataclasses.dataclass
class Rec:
    child: object = None
r = Rec(); r.child = r
pprint.pprint(r)
cnt = collections.Counter("the quick brown fox jumps over the lazy dog and the cat")
pprint.pprint(cnt, width=50)
dd = collections.defaultdict(list, {"alpha": list(range(12)), "beta": [1, 2]})
pprint.pprint(dd, width=40)
dq = collections.deque(range(30), maxlen=40)
pprint.pprint(dq, width=40)
pprint.pprint(collections.deque(["word" * 3] * 5), width=30)
ns = types.SimpleNamespace(lr=0.001, layers=list(range(20)), name="experiment")
pprint.pprint(ns, width=50)
class Sub(dict):
    pass
pprint.pprint(Sub({i: "v" * i for i in range(6)}), width=30)
class SubL(list):
    def __repr__(self):
        return "SubL" + list.__repr__(self)
pprint.pprint(SubL(range(30)), width=30)
pprint.pprint(collections.Counter(), width=10)
pprint.pprint({"cfg": c, "n": 1}, width=50)
