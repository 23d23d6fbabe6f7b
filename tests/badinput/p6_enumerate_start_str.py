# badinput: enumerate start str (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
enumerate([], 'a')
