# badinput: compile huge source (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1
src = 'x = 1\n' * 200000
exec(compile(src, 'big', 'exec'))
print(x)
