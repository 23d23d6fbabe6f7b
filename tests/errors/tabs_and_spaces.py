# error: 5:1: inconsistent use of tabs and spaces in indentation
# A tab-only block beside a space-indented one is fine (CPython); one block that mixes them is not.
if a:
        b = 1
	c = 2
if c:
    d = 2
