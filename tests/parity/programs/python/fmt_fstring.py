# f-strings and str.format with format specs.
x = 3.14159265
n = 1234567
s = "hi"
neg = -42
print(f"{x}|{x:.2f}|{x:8.3f}|{x:>8.3f}|{x:<8.3f}|{x:^9.1f}|{x:+.1f}")
print(f"{n:,}|{n:_}|{n:>12,}|{n:05d}|{42:05d}|{neg:05d}|{neg:+d}|{7:+d}|{7: d}")
print(f"[{s:^10}]|[{s:>5}]|[{s:<5}]|[{s:*^7}]|[{s:-<6}]|[{s:.1}]")
print(f"{x:e}|{x:.2e}|{1234.5:E}|{0.000123:e}|{n:e}")
print(f"{0.25:%}|{0.25:.1%}|{1.5:.0%}|{-0.125:.2%}")
print(f"{x!r}|{s!r}|{s!s}|{[1, 'a']!r}|{None}|{True}|{None!r}")
print(f"{255:x}|{255:X}|{255:o}|{5:b}|{255:#x}|{5:08b}")
print(f"{x:g}|{1e20:g}|{1e-7:g}|{100000.0:g}|{1234567.0:g}|{0.5:g}")
print(f"{1.0}|{1e16}|{2.5:.0f}|{3.5:.0f}|{0.125:.2f}|{1.005:.2f}")
print(f"{12:3}|{12:<3}|{'ab':3}|{1.5:6}|{str(True):>5}")
width, prec = 10, 3
print(f"{x:{width}.{prec}f}|{s:>{width}}|")
print(f"{{literal braces}} {n // 1000}k {x * 2:.3f} {'nested' + '!'}")
d = {'k': [1, 2]}
print(f"{d['k'][1]} {len(d)} {d}")
print(f"{n:>15,.2f}|{-1234.5:,.1f}|{0:,}")
print("{} and {}".format(1, 'two'), "{1}{0}".format('a', 'b'), "{name}={val:.1f}".format(name='v', val=2.25))
print("{:>6}|{:<6}|{:^6}|{:06.2f}".format('r', 'l', 'c', 3.14159))
print("{0!r} {0!s}".format('q'), "{:,}".format(10 ** 9), "{:%}".format(0.5))
rows = [("apple", 3, 1.5), ("kiwi", 12, 0.25), ("watermelon", 1, 3.0)]
for name, qty, price in rows:
    print(f"{name:<12}{qty:>4}{price:>8.2f}{qty * price:>9.3f}")
print(f"{'total':<12}{sum([r[1] for r in rows]):>4}")
print(f"{-0.0}|{-0.0:.1f}|{1e300 * 1e10}|{-1e300 * 1e10:.2f}")
