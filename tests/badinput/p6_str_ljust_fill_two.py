# badinput: str ljust fill two (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: The fill character must be exactly one character long
'a'.ljust(5, 'ab')
