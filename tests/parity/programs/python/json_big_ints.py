# json.loads of integers beyond 64 bits gives Python ints of any size (as int(text) would), with
# CPython's 4300-digit limit for the conversion; json.dumps writes them back exactly.
import json

print(json.loads("123456789012345678901234567890"))
print(json.loads("[-99999999999999999999, 9223372036854775808, -9223372036854775809]"))
big = json.loads('{"n": ' + "7" * 4300 + "}")["n"]
print(big % 1000, len(json.dumps(big)))
try:
    json.loads("1" * 4301)
except ValueError as e:
    print(type(e).__name__, e)
print(json.dumps({"a": 2**100, "b": [-(2**70)]}))
