# json.dumps: CPython's exact text for every value kind and option.
import json

print(json.dumps(None), json.dumps(True), json.dumps(False))
print(json.dumps(1), json.dumps(-7), json.dumps(1.0), json.dumps(0.1), json.dumps(1e-07), json.dumps(2.5e20), json.dumps(1e22))
print(json.dumps(float("nan")), json.dumps(float("inf")), json.dumps(-float("inf")))
print(json.dumps("plain"), json.dumps('quo"te'), json.dumps("back\\slash"), json.dumps("tab\tnew\nline\r"))
print(json.dumps("\x00\x01\x1f\x7f"))
print(json.dumps("caf\u00e9 \u2603 \U0001f600"))
print(json.dumps("caf\u00e9 \u2603", ensure_ascii=False))
print(json.dumps([]), json.dumps({}), json.dumps(()), json.dumps([1, [2, [3, []]]]))
print(json.dumps((1, "two", 3.0)))
data = {"name": "kiln", "layers": [64, 32], "lr": 0.001, "ok": True, "none": None, "nested": {"b": 1, "a": [{}]}}
print(json.dumps(data))
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, indent=2))
print(json.dumps(data, indent=4, sort_keys=True))
print(json.dumps(data, indent=0))
print(json.dumps(data, indent="\t"))
print(json.dumps(data, separators=(",", ":")))
print(json.dumps(data, indent=2, separators=(",", " = ")))
print(json.dumps({1: "int", 2.5: "float", False: "bool", None: "none"}))
print(json.dumps({"b": 1, "a": 2, "c": {"z": 0, "y": 1}}, sort_keys=True, indent=1))
print(json.dumps({(1, 2): "tuple key", "k": 1}, skipkeys=True))
try:
    json.dumps({(1, 2): "tuple key"})
except TypeError as e:
    print("TypeError", e)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


try:
    json.dumps(Point(1, 2))
except TypeError as e:
    print("TypeError", e)
print(json.dumps(Point(1, 2), default=lambda o: {"x": o.x, "y": o.y}))
print(json.dumps([Point(1, 2), Point(3, 4)], default=lambda o: [o.x, o.y]))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError", e)
loop = [1]
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print("ValueError", e)
print(repr(json.dumps({"a": [1, 2]}, indent=2)))
