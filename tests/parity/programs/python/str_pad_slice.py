# ljust/rjust/center/zfill, slicing with steps, indexing, * and + and comparison.
s = "abc"
print("[" + s.ljust(7) + "]", "[" + s.rjust(7) + "]", "[" + s.center(7) + "]", "[" + s.center(8) + "]")
print(s.ljust(6, '*'), s.rjust(6, '-'), s.center(9, '='), s.ljust(2), s.center(4, '.'))
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2), "".zfill(3), "3.14".zfill(7))
a = "0123456789"
print(a[2:5], a[:3], a[7:], a[-3:], a[:-3], a[-5:-2], a[::2], a[1::2], a[::-1], a[::-3])
print(a[8:2:-1], a[8:2:-2], a[-1:-4:-1], a[2:8:-1], a[5:5], a[100:], a[-100:2], a[3:1])
print(a[0], a[-1], a[len(a) - 1], a[-len(a)])
print("ab" * 3, 3 * "xy", "x" * 0, "x" * -2, "ab" + "cd", "" + "")
print("apple" < "banana", "apple" < "Apple", "a" < "aa", "abc" == "abc", "b" > "abc", "Z" < "a")
print(max("hello"), min("hello"), sorted("hello"), len("hello"), list(reversed("abc")))
print(sorted(["banana", "Apple", "cherry", "apple"]))
word = "racecar"
print(word == word[::-1], "python"[::-1], "python"[1:-1])
for i, ch in enumerate("hey"):
    print(i, ch, end="; ")
print()
out = ""
for ch in "abcdef":
    out = ch + out
print(out)
print(str(12345)[::-1], int(str(12345)[::-1]) + 1)
try:
    "abc"[3]
except IndexError as e:
    print("IndexError:", e)
try:
    s[0] = 'z'
except TypeError as e:
    print("TypeError:", e)
