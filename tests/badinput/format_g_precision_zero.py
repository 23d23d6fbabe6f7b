# badinput: format g precision zero (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1e+02 1e+02 0 2.
print('%.0g %.0e %.0f %#.0f' % (123.456, 123.456, 0.5, 2.5))
