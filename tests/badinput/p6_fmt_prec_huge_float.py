# badinput: fmt prec huge float (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: precision too big
# expect-stdout: 1000002
print(len(format(1.5, '.1000000f')))
format(1.5, '.99999999999f')
