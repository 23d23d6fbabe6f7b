# badinput: exec with globals that are not a dict
# expect-exit: 1
# expect-stderr: TypeError: exec() globals must be a dict, not list
exec("y = 1", [])
