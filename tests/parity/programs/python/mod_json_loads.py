# json.loads: values, nesting, escapes, hooks, and JSONDecodeError messages with positions.
import json

print(json.loads("null"), json.loads("true"), json.loads("false"))
print(json.loads("1"), json.loads("-0"), json.loads("1.5"), json.loads("1e3"), json.loads("-2.5E-2"), json.loads("10"))
print(type(json.loads("1")).__name__, type(json.loads("1.0")).__name__, type(json.loads("1e2")).__name__)
print(json.loads('"a\\"b\\\\c\\/d\\n\\t\\u00e9\\ud83d\\ude00"') == 'a"b\\c/d\n\t\u00e9\U0001f600')
print(json.loads("NaN"), json.loads("Infinity"), json.loads("-Infinity"))
doc = '{"model": {"layers": [64, 32], "act": "relu"}, "lr": 0.01, "tags": [], "opt": {}}'
obj = json.loads(doc)
print(obj)
print(obj["model"]["layers"][1], list(obj.keys()))
print(json.loads('  [1 , 2 ,\n 3 ]  '))
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads(json.dumps({"round": [1, 2.5, "x", None, True]})))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: sorted(d.keys())))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=lambda pairs: pairs))

bad = ["", "   ", "[1, 2", "[1, 2,]", "{\"a\" 1}", "{'a': 1}", "{\"a\": 1,}", "[1] x", "\"abc", "\"a\\qb\"",
       "tru", "[1,\n 2,\n oops]", "{\"a\": \"\t\"}", "\"\\u12x4\"", "01", "{", "[-]"]
for text in bad:
    try:
        json.loads(text)
        print("parsed", repr(text))
    except json.JSONDecodeError as e:
        print(repr(text), "->", e)
        print("   ", e.msg, e.pos, e.lineno, e.colno, isinstance(e, ValueError))
try:
    json.loads(5)
except TypeError as e:
    print("TypeError", e)
