# badinput: nested format fields more than two deep
# expect-exit: 1
# expect-stderr: ValueError: Max string recursion exceeded
'{:{:{}}}'.format(1, 2, 3)
