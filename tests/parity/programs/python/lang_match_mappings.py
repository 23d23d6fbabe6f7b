# Mapping patterns of the match statement: required keys (literals and dotted names), values
# matched by sub-patterns, **rest (a new dict without the matched keys), `{}` matching any mapping,
# extra keys ignored, and keys read with get() so a defaultdict's __missing__ never runs.
import collections
import collections.abc


class Keys:
    KIND = "kind"


def handle(event):
    match event:
        case {"type": "click", "pos": (x, y)}:
            return f"click at {x},{y}"
        case {"type": "key", "key": str(k), **rest} if rest:
            return f"key {k} with {sorted(rest.items())}"
        case {"type": "key", "key": k}:
            return f"key {k}"
        case {Keys.KIND: "custom", 1: one, -2.5: neg, None: n, False: t}:
            return f"custom {one} {neg} {n} {t}"
        case {"type": _}:
            return "other type"
        case {}:
            return "some mapping of " + str(len(event))
        case _:
            return "not a mapping"


events = [
    {"type": "click", "pos": (1, 2)},
    {"type": "click", "pos": [3, 4], "button": 1},
    {"type": "click", "pos": (1, 2, 3)},
    {"type": "key", "key": "a", "shift": True, "ctrl": False},
    {"type": "key", "key": "b"},
    {"type": "key", "key": 5},
    {"kind": "custom", 1: "one", -2.5: "neg", None: "n", False: "t"},
    {"type": "scroll"},
    {},
    {"x": 1},
    [("type", "click")],
    "type",
]
for e in events:
    print(handle(e))

# **rest alone copies the mapping; the subject is not changed
d = {"a": 1, "b": 2}
match d:
    case {"a": 1, **rest}:
        rest["c"] = 3
        print(rest, d)
match d:
    case {**everything}:
        print(everything, everything is d)

# keys read with get(): a defaultdict is not changed by a missing key
dd = collections.defaultdict(list)
dd["present"].append(1)
match dd:
    case {"absent": value}:
        print("found", value)
    case {"present": [v]}:
        print("present", v, sorted(dd))

# OrderedDict and Counter are dicts; a Mapping subclass and a registered class are mappings
match collections.OrderedDict(b=2, a=1):
    case {"a": a, **rest}:
        print("OrderedDict", a, rest)
match collections.Counter("hello"):
    case {"l": count}:
        print("Counter", count)


class Frozen(collections.abc.Mapping):
    def __init__(self, data):
        self._data = dict(data)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)


match Frozen({"lr": 0.1, "momentum": 0.9}):
    case {"lr": lr, **others}:
        print("Mapping subclass", lr, others, type(others).__name__)


class Registered:
    def __init__(self):
        self.lookups = []

    def get(self, key, default=None):
        self.lookups.append(key)
        return {"x": 1}.get(key, default)

    def __len__(self):
        return 1

    def keys(self):
        return ["x"]

    def __getitem__(self, key):
        return {"x": 1}[key]


r = Registered()
match r:
    case {"x": 1}:
        print("unregistered class matched")
    case _:
        print("unregistered class is no mapping", r.lookups)
collections.abc.Mapping.register(Registered)
match r:
    case {"x": x, **rest}:
        print("registered mapping", x, rest, r.lookups)

match collections.UserDict(a=1):
    case {"a": a}:
        print("UserDict", a)

# a value repeated at run time through two dotted names
class K:
    a = "k"
    b = "k"


try:
    match {"k": 1, "j": 2}:
        case {K.a: 1, K.b: 2}:
            pass
except ValueError as e:
    print("ValueError:", e)

# a str key with a nested mapping
config = {"model": {"name": "resnet", "depth": 50}, "optim": {"name": "sgd", "lr": 0.1}}
match config:
    case {"model": {"name": "resnet", "depth": depth}, "optim": {"name": opt}}:
        print("resnet", depth, opt)
