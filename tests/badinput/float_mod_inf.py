# badinput: float mod inf (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 5.0 inf nan
print(5.0 % float('inf'), -5.0 % float('inf'), float('inf') % 3)
