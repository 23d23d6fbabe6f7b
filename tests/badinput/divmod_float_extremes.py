# badinput: divmod float extremes (issue 31 sweep)
# expect-exit: 0
# expect-stdout: (inf, 3.498445546245627e-309)
print(divmod(1e308, 1e-308))
