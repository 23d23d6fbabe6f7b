# badinput: compile(mode='single') is outside Kiln
# expect-exit: 1
# expect-stderr: NotImplementedError: compile(mode='single') (the interactive prompt's mode) is not supported in Kiln; use 'exec'
compile("1 + 1", "<stdin>", "single")
