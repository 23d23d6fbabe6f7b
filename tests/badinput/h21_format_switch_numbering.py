# badinput: str.format mixing auto and manual numbering
# expect-exit: 1
# expect-stderr: ValueError: cannot switch from automatic field numbering to manual field specification
'{}{0}'.format(1, 2)
