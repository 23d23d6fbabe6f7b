# badinput: format float precision big (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 802
print(len(format(1e300, '.500f')))
