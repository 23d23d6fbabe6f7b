# badinput: format float extremes (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1.7976931348623157e+308 1.7976931348623157e+308 1.79769e+308 1.797693e+308 1.8e+308
for v in (1e308*10, -1e308*10, float('nan'), 5e-324, 1.7976931348623157e308):
    print(repr(v), str(v), '%g' % v, '{:e}'.format(v), format(v, '.3'))
