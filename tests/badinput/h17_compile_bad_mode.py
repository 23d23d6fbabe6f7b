# badinput: compile() with an unknown mode
# expect-exit: 1
# expect-stderr: ValueError: compile() mode must be 'exec', 'eval' or 'single'
compile("1", "<s>", "run")
