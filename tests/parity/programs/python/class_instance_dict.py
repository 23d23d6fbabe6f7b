# An object's __dict__ (and vars(obj)) is its attribute namespace: writes through it set attributes,
# as config objects, argparse-style namespaces and minGPT's `config.__dict__.update(...)` rely on.
class Config:
    n_layer = 2

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def merge(self, d):
        for k, v in d.items():
            setattr(self, k, v)


c = Config(lr=0.1, name="run")
print(c.lr, c.name, c.n_layer, vars(c))
c.__dict__["epochs"] = 3
print(c.epochs, sorted(c.__dict__))
vars(c).update(lr=0.01)
print(c.lr)
d = vars(c)
print(d.pop("name"), hasattr(c, "name"))
del c.__dict__["epochs"]
print(hasattr(c, "epochs"), c.__dict__)
print(c.__dict__.setdefault("seed", 7), c.seed)
c.__dict__ = {"fresh": True}
print(vars(c), c.fresh, c.n_layer)
vars(c).clear()
print(vars(c), hasattr(c, "fresh"))
try:
    c.__dict__ = [1, 2]
except TypeError as e:
    print("TypeError:", e)


def f():
    return 1


f.__dict__["calls"] = 0
f.calls += 1
print(f.calls, f.__dict__)


class Tagged(dict):
    pass


t = Tagged(a=1)
t.tag = "kept"
t.clear()
print(t, t.tag, type(t).__name__)

# Blocks indented with tabs beside blocks indented with spaces (each block is consistent).
if c is not None:
	print("a tab-indented block")
	if True:
		print("two tabs")
if c is not None:
    print("a space-indented block")
