# error: 5:1: inconsistent use of tabs and spaces in indentation
if a:
	b = 1
if c:
    d = 2
