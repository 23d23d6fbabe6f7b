# badinput: bad indent mixed
# expect-exit: 1
# expect-stderr: TabError: inconsistent use of tabs and spaces in indentation
if 1:
	x = 1
        y = 2
