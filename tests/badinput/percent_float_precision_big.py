# badinput: percent float precision big (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 302
print(len('%.300f' % 1e-300))
