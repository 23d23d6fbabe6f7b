# badinput: Python misuse: compile mode bad
# expect-exit: 1
# expect-stderr: ValueError: compile() mode must be 'exec', 'eval' or 'single'
compile("x", "<s>", "bogus")
