# badinput: star star non mapping (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not a mapping
print({**1})
