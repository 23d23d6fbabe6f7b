ints = [0, 7, 1_000_000, 0xFF, 0o17, 0b1010, 9223372036854775807]
floats = [1., .5, 1e-3, 1_000.5, 2.5E+2, 3.14]
strings = ['single', "double", '''triple
quoted''', r"raw \d+", 'esc\t\n\\\'', "\x41\u00e9", 'con' "cat"]
fs = f"{ints[0]:>{width}} {name!r} {{literal}} {3.14159:.3f} {'nested'}"
flags = (True, False, None)
x = a if not b else c
y = not a == b or c is not None and d not in e
z = ~a | b ^ c & d << 1 >> 2
w = a // b % c @ d
x **= 2; y //= 3; z @= w
v: float = 1.0
s = t[1:2, ::3, ..., None]
