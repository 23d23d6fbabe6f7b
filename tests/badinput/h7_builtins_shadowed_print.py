# badinput: builtins.print replaced by a function that raises
# expect-exit: 1
# expect-stderr: OSError: no print
import builtins
def bad(*a, **k): raise OSError('no print')
builtins.print = bad
print('x')
