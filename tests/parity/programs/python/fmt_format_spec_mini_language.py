# The format-spec mini-language on floats, ints and strs (grouping, sign, alternate forms, fill
# and align, %, n, nested widths), str.format field access and conversions, %-formatting with * and
# mappings, f-string = debugging, float repr and round.
x = 1234567.891
print(f'{x:,.2f}|{x:_.1f}|{x:>15.3e}|{x:<12g}|{x:^14.2%}|{-x:+,.0f}|{x:015.2f}')
n = 255
print(f'{n:b}|{n:#o}|{n:#x}|{n:#X}|{n:08b}|{n:_b}|{n:,}|{n:+d}|{n: d}|{-n: d}|{n:c}|{n:=+8d}')
print(f'{"ab":*^9}|{"ab":>5}|{"ab":<5}|{"abcdef":.3}|{"x"!r:>6}|{3.0:g}|{1e20:g}|{1e-5:g}|{0.0001:g}')
print(format(0.1, '.17g'), format(1/3, '.3'), format(2.5, '.0f'), format(3.5, '.0f'), format(1e16, 'f'), format(123.456, 'e'))
print('{:>{w}.{p}f}'.format(3.14159, w=10, p=3), '{0}{1}{0}'.format('a', 'b'), '{name}:{val:03d}'.format(name='k', val=7))
print('{!r} {!s} {!a}'.format('q', 'x', '\u00e9'), '{0[1]} {1.real}'.format([5, 6], 3), '{:%Y-%m}'.format(__import__('datetime').date(2024, 5, 1)))
print('%5.2f|%-6d|%x|%o|%e|%g|%s|%r|%c|%%|%+d|%05d|%.3s' % (3.14159, 42, 255, 8, 12345.678, 0.00001, 'a', 'b', 65, 5, 42, 'abcdef'))
print('%(a)s-%(b)03d' % {'a': 'A', 'b': 7}, '%*d' % (5, 3), '%-*s|' % (4, 'x'), '%.*f' % (2, 1.23456))
print(f'{12345678901234567890:,}', f'{-0.0:.1f}', f'{float("inf"):>6}', f'{float("nan")}', f'{1e300*1e10}', f'{2**0.5:.30f}')
print(f'{True:d}', f'{True}', f'{None!r:>6}', f'{[1,2]!s:>8}', f'{3:{"<"}{5}}|', f'{"{"}{{}}')
val = 42; width = 8
print(f'{val=}', f'{val = :>{width}}', f'{val*2=}', f'{"s"=}')
print(format(1234.5, 'n'), format(12, 'n'), format(-12.5, '010.2f'), format(0.000123, '.2e'), format(5, '.2f'), format(1.5, '%'))
print('{:,}'.format(1234.5), '{:.2%}'.format(0.256), '{:e}'.format(0), '{:.0e}'.format(15000), '{:#.0f}'.format(2), '{:#g}'.format(2.0))
print(str(1e16), str(1e-5), repr(1.0e-4), 1.1 + 2.2, 0.1 * 3, round(2.675, 2), round(0.5), round(1.5), round(-2.5), round(1234, -2))
print('{:10.4s}|'.format('abcdefgh'), '{:<010}'.format(5), '{:x<4}'.format(7), '{:^+7.1f}'.format(2.25))
