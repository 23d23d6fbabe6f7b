# List slicing: reads, steps, negative steps, slice assignment and deletion.
a = list(range(10))
print(a[2:7], a[:4], a[6:], a[:], a[-4:], a[:-7], a[-6:-2])
print(a[::3], a[1::3], a[::-1], a[::-2], a[7:2:-1], a[7:2:-3], a[-2:-8:-2])
print(a[3:3], a[8:2], a[2:8:-1], a[20:], a[-20:3], a[5:100], a[::-1][::-1] == a)
print(a[-1], a[-10], a[len(a) // 2])
b = a[:]
b[2:5] = ['x', 'y']
print(b)
b[1:1] = [100, 200]
print(b)
b[:2] = []
print(b)
b[-2:] = [7, 8, 9, 10]
print(b)
c = list(range(8))
c[::2] = ['e0', 'e2', 'e4', 'e6']
print(c)
c[::-3] = [None, None, None]
print(c)
d = list(range(10))
del d[::3]
print(d)
del d[-2:]
print(d)
del d[:]
print(d)
e = [1, 2, 3]
e[len(e):] = [4, 5]
print(e)
t = (0, 1, 2, 3, 4, 5)
print(t[1:4], t[::-1], t[::2], t[-2:], t[:0], type(t[1:3]).__name__)
m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[1:] for row in m], [row[::-1] for row in m[::-1]], m[1][::-1])
print([row[i] for i, row in enumerate(m)], [m[i][-1 - i] for i in range(3)])
try:
    c[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
n = 6
print(a[n - 10:n], a[-n:], a[:n - 10])
