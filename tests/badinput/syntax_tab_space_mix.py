# badinput: a block indented by a tab, then by 8 spaces
# expect-exit: 1
# expect-stderr: TabError: inconsistent use of tabs and spaces in indentation
def f():
	x = 1
        return x
