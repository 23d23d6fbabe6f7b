# badinput: format int width sep (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 40_0000_0000_0000_0000
print('{:,}'.format(10**50))
print('{:_x}'.format(2**70))
