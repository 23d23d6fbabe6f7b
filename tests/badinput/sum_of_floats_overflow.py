# badinput: sum of floats overflow (issue 31 sweep)
# expect-exit: 0
# expect-stdout: inf inf
print(sum([1e308, 1e308]), sum([1e308, 1e308, -1e308]))
