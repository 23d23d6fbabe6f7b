# badinput: fmt str format attr index (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not subscriptable
'{0.real[5]}'.format(1)
