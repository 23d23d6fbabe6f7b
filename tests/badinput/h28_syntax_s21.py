# badinput: tab and space indentation mixed
# expect-exit: 1
# expect-stderr: h28_syntax_s21.py:6:1: TabError: inconsistent use of tabs and spaces in indentation (hint: indent each block with the same characters as the lines around it (4 spaces per level))
def f():
    return
  	x = 1
