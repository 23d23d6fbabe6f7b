# badinput: a tab after spaces in one indent
# expect-exit: 1
# expect-stderr: TabError: inconsistent use of tabs and spaces in indentation
if True:
        x=1
    	y=2
