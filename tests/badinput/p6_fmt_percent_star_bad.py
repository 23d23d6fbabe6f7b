# badinput: fmt percent star bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: * wants int
'%*s' % ('a', 'b')
