# badinput: tab error (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: TabError: inconsistent use of tabs and spaces in indentation
if True:
	x = 1
        y = 2
