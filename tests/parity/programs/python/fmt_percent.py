# printf-style % formatting.
print('%d %s %.2f %5.1f %r' % (42, 'str', 3.14159, 2.25, 'quoted'))
print('%s' % 'single', '%s' % (1,), '%s' % [1, 2], '%s|%s' % (None, True))
print('%5d|%-5d|%05d|%+d|%d' % (42, 42, 42, 42, -42))
print('%x %X %o %#x %#o' % (255, 255, 8, 255, 8))
print('%.3f|%10.4f|%-10.2f|%+.1f|%.0f|%.0f' % (1 / 3, 3.14159, 2.5, 1.0, 0.5, 1.5))
print('%e|%.2e|%E' % (12345.678, 0.000123, 1e10))
print('%g|%g|%g|%g' % (0.0001, 123456789.0, 1.5, 100.0))
print('%s%%' % 50, '%d%% of %s' % (5, 'x'), '100%')
print('%r %r %r' % ('a', 1.5, [None, 'b']))
print('%s and %s' % ('A', 'B'), '%(name)s is %(age)d' % {'name': 'Ann', 'age': 30})
print('%8s|%-8s|%.2s' % ('right', 'left', 'truncate'))
print('%d' % 3.99, '%i' % 7, '%s' % 3.0, '%d%%' % 12)
vals = [1, 22, 333]
for v in vals:
    print('[%4d] [%-4d] [%04d]' % (v, v, v))
name, score = 'bob', 91.456
print('Name: %-6s Score: %6.2f' % (name, score))
try:
    print('%d %d' % (1,))
except TypeError as e:
    print('TypeError:', e)
try:
    print('%d' % (1, 2))
except TypeError as e:
    print('TypeError:', e)
try:
    print('%d' % 'x')
except TypeError as e:
    print('TypeError:', e)
