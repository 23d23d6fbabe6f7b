# badinput: fmt fstring conversion spec (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Invalid format specifier '{}' for object of type 'int'
# expect-stdout:   1
x = 1
print(f'{x!r:>{10}}|')
print(f'{x:{""}>{3}}')
f'{x:{{}}}'
