# badinput: deep chained comparison (issue 31 sweep)
# expect-exit: 0
eval(' < '.join(['1'] * 100000))
