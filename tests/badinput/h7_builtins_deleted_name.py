# badinput: deleting a builtin from the builtins module then using it
# expect-exit: 1
# expect-stderr: NameError: name 'len' is not defined
import builtins
del builtins.len
len([1])
